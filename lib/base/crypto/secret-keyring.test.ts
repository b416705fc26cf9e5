import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { currentKeyId, decryptSecret, encryptSecret, resealSecret, sealedKeyId } from "./secret-box";

const key = () => randomBytes(32).toString("base64");
const saved = { ring: process.env.APP_ENCRYPTION_KEYS, single: process.env.APP_ENCRYPTION_KEY };

function useKeys(single: string | undefined, ring: string | undefined) {
  if (single === undefined) delete process.env.APP_ENCRYPTION_KEY;
  else process.env.APP_ENCRYPTION_KEY = single;
  if (ring === undefined) delete process.env.APP_ENCRYPTION_KEYS;
  else process.env.APP_ENCRYPTION_KEYS = ring;
}

afterEach(() => useKeys(saved.single, saved.ring));

describe("secret box keyring (APP_ENCRYPTION_KEYS)", () => {
  it("keeps the single key and its v1 format working, then reads them through a ring that holds the old key", () => {
    const old = key();
    useKeys(old, undefined);
    const legacy = encryptSecret("sk_old");
    expect(legacy.startsWith("v1.")).toBe(true);
    expect(currentKeyId()).toBeNull();
    expect(resealSecret(legacy)).toBeNull();

    // The old key moved into the ring under an id; APP_ENCRYPTION_KEY itself removed.
    const fresh = key();
    useKeys(undefined, `k2:${fresh},k1:${old}`);
    expect(decryptSecret(legacy)).toBe("sk_old");
    const sealed = encryptSecret("sk_new");
    expect(sealed.startsWith("v2.k2.")).toBe(true);
    expect(sealedKeyId(sealed)).toBe("k2");
    expect(decryptSecret(sealed)).toBe("sk_new");
  });

  it("re-seals under the newest key, after which the older key can go", () => {
    const k1 = key();
    const k2 = key();
    useKeys(undefined, `k1:${k1}`);
    const underK1 = encryptSecret("sk_rotating");
    useKeys(undefined, `k2:${k2},k1:${k1}`);
    const moved = resealSecret(underK1)!;
    expect(sealedKeyId(moved)).toBe("k2");
    expect(resealSecret(moved)).toBeNull();
    useKeys(undefined, `k2:${k2}`);
    expect(decryptSecret(moved)).toBe("sk_rotating");
    expect(() => decryptSecret(underK1)).toThrow(/"k1", which is not in APP_ENCRYPTION_KEYS/);
  });

  it("refuses a malformed ring and a tampered value", () => {
    useKeys(undefined, `bad id:${key()}`);
    expect(() => encryptSecret("x")).toThrow(/id:base64key/);
    useKeys(undefined, `a:${randomBytes(16).toString("base64")}`);
    expect(() => encryptSecret("x")).toThrow(/32 bytes/);
    const k = key();
    useKeys(undefined, `a:${k},a:${k}`);
    expect(() => encryptSecret("x")).toThrow(/twice/);
    useKeys(undefined, `a:${k}`);
    const parts = encryptSecret("value").split(".");
    parts[4] = Buffer.from("other").toString("base64url");
    expect(() => decryptSecret(parts.join("."))).toThrow();
  });
});
