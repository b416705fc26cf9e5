import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { contractHash } from "@/lib/base/crypto/contract-hash";
import { hexDigestsEqual } from "./hash";
import { hashPassword, verifyPassword } from "./password";
import { randomCodeGroup, randomKey } from "./random";
import { decryptSecret, encryptSecret } from "./secret-box";

beforeAll(() => {
  process.env.APP_ENCRYPTION_KEY = randomBytes(32).toString("base64");
});

describe("contract hash", () => {
  it("is SHA-256 hex of the plain concatenation", () => {
    // echo -n "keysecret1700000000" | sha256sum
    expect(contractHash("key", "secret", 1700000000)).toBe(
      "278d74471a3b5267e27221967122169ad26fac349e0fb6a94779cdf050a0d038",
    );
    expect(contractHash("a", "b")).toBe("fb8e20fc2e4c3f248c60c39bd652f3c1347298bb977b8b4d5903b85055620603");
  });

  it("compares hex case-insensitively and rejects other lengths", () => {
    const h = contractHash("x");
    expect(hexDigestsEqual(h, h.toUpperCase())).toBe(true);
    expect(hexDigestsEqual(h, h.slice(0, -1))).toBe(false);
    expect(hexDigestsEqual(h, contractHash("y"))).toBe(false);
  });
});

describe("secret box (AES-256-GCM)", () => {
  it("round-trips and uses a fresh IV each time", () => {
    const a = encryptSecret("sk_live_secret");
    const b = encryptSecret("sk_live_secret");
    expect(a).not.toBe(b);
    expect(a).not.toContain("sk_live_secret");
    expect(decryptSecret(a)).toBe("sk_live_secret");
  });

  it("refuses tampered ciphertext and a wrong key", () => {
    const sealed = encryptSecret("value");
    const parts = sealed.split(".");
    parts[3] = Buffer.from("other").toString("base64url");
    expect(() => decryptSecret(parts.join("."))).toThrow();
    process.env.APP_ENCRYPTION_KEY = randomBytes(32).toString("base64");
    expect(() => decryptSecret(sealed)).toThrow();
  });
});

describe("passwords", () => {
  it("verifies the right password only", async () => {
    const stored = await hashPassword("correct horse battery");
    expect(stored.startsWith("scrypt$")).toBe(true);
    expect(await verifyPassword("correct horse battery", stored)).toBe(true);
    expect(await verifyPassword("wrong", stored)).toBe(false);
    expect(await verifyPassword("x", "garbage")).toBe(false);
  });
});

describe("random keys and codes", () => {
  it("keys carry at least 128 bits and are URL-safe; code groups are 8 of A-Z0-9", () => {
    const key = randomKey("pk_");
    expect(key).toMatch(/^pk_[A-Za-z0-9_-]{32}$/);
    expect(randomCodeGroup()).toMatch(/^[A-Z0-9]{8}$/);
    expect(new Set(Array.from({ length: 200 }, () => randomCodeGroup())).size).toBe(200);
  });
});
