import { randomBytes } from "node:crypto";
import { generateSecret, generateSync } from "otplib";
import { describe, expect, it } from "vitest";
import { encryptSecret } from "@/lib/base/crypto/secret-box";
import { prisma } from "@/lib/base/db/prisma";
import { verifySecondFactor } from "@/lib/domain/users/second-factor";

const STEP_SECONDS = 30;

async function enrolledAdmin() {
  const secret = generateSecret();
  const user = await prisma.consoleUser.create({
    data: {
      email: `replay-${randomBytes(4).toString("hex")}@example.com`,
      passwordHash: "unused",
      role: "ADMIN",
      totpSecretEnc: encryptSecret(secret),
      totpEnabledAt: new Date(),
    },
  });
  return { user, secret };
}

/**
 * The code the app shows `steps` steps after the moment `from` (seconds), fixed at each test's start so a step
 * boundary crossed during the test moves nothing it checks (the server accepts one step either side).
 */
const codeAt = (secret: string, from: number, steps: number) =>
  generateSync({ secret, epoch: from + steps * STEP_SECONDS });
const nowSeconds = () => Math.floor(Date.now() / 1000);

describe("a TOTP code counts once (RFC 6238 §5.2)", () => {
  it("accepts a current code once; the same code, and an earlier step's code, are refused afterwards; the next step's code is accepted", async () => {
    const { user, secret } = await enrolledAdmin();
    const from = nowSeconds();
    const now = codeAt(secret, from, 0);
    expect(await verifySecondFactor(user, now)).toBe(true);
    expect(await verifySecondFactor(user, now)).toBe(false);
    expect(await verifySecondFactor(user, codeAt(secret, from, -1))).toBe(false);
    expect(await verifySecondFactor(user, codeAt(secret, from, 1))).toBe(true);
    expect(await verifySecondFactor(user, codeAt(secret, from, 1))).toBe(false);
    const row = await prisma.consoleUser.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.totpLastStep).toBe(BigInt(Math.floor(from / STEP_SECONDS) + 1));
  });

  it("lets exactly one of ten concurrent checks of the same code through", async () => {
    const { user, secret } = await enrolledAdmin();
    const code = codeAt(secret, nowSeconds(), 0);
    const results = await Promise.all(Array.from({ length: 10 }, () => verifySecondFactor(user, code)));
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it("a wrong code spends nothing: the right one still works after it", async () => {
    const { user, secret } = await enrolledAdmin();
    const right = codeAt(secret, nowSeconds(), 0);
    const wrong = right === "000000" ? "111111" : "000000";
    expect(await verifySecondFactor(user, wrong)).toBe(false);
    expect(await verifySecondFactor(user, right)).toBe(true);
  });
});
