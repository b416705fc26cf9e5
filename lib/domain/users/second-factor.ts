import { generateSecret, generateURI, verifySync } from "otplib";
import { decryptSecret } from "@/lib/base/crypto/secret-box";
import { sealSecret } from "@/lib/base/crypto/sealed-columns";
import { prisma } from "@/lib/base/db/prisma";
import { inTransaction } from "@/lib/base/db/transaction";
import { DomainError } from "@/lib/base/errors/domain-error";
import { countSecondFactorFailure } from "@/lib/base/observability/business-metrics";
import { recordAudit, type Actor } from "@/lib/domain/audit/record-audit";
import { refusal } from "@/lib/base/messages/errors";
import { newRecoveryCodes, recoveryCodeHash, typedRecoveryCodeHashes } from "./recovery-codes";

const ISSUER = "Payment Integration Console";
// One 30-second step either side: a phone clock a little off still signs in.
const TOLERANCE_SECONDS = 30;

/** The 30-second step a current code belongs to, or null when the code is not one the secret gives now. */
function totpStep(secretEnc: string, code: string): number | null {
  const token = code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const result = verifySync({ secret: decryptSecret(secretEnc), token, epochTolerance: TOLERANCE_SECONDS });
  // TOTP results carry the step they matched (the union also admits HOTP's result, which has none).
  return result.valid && "timeStep" in result ? result.timeStep : null;
}

/**
 * Spends a step, atomically: a code counts once, and never a step before one already used (a code seen
 * once, at sign-in or when turning the factor off, cannot be replayed within its step).
 */
async function spendTotpStep(userId: number, step: number): Promise<boolean> {
  const spent = await prisma.$executeRaw`
    UPDATE console_users SET totp_last_step = ${step}
    WHERE id = ${userId} AND (totp_last_step IS NULL OR totp_last_step < ${step})`;
  return spent === 1;
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function otpauthUri(email: string, secret: string): string {
  return generateURI({ issuer: ISSUER, label: email, secret });
}

/**
 * A user's own second factor as the Security page shows it: since when it is in force, or, during a set-up
 * not yet confirmed, the pending secret in clear (its QR code and manual key), null otherwise.
 */
export async function findSecondFactorSetup(userId: number) {
  const row = await prisma.consoleUser.findUniqueOrThrow({
    where: { id: userId },
    select: { email: true, totpSecretEnc: true, totpEnabledAt: true },
  });
  const pendingSecret = !row.totpEnabledAt && row.totpSecretEnc ? decryptSecret(row.totpSecretEnc) : null;
  return { email: row.email, totpEnabledAt: row.totpEnabledAt, pendingSecret };
}

/** Starts (or restarts) enrolment: a new secret, not yet in force, and the otpauth URI its QR code shows. */
export async function startTotpEnrolment(userId: number): Promise<{ secret: string; uri: string }> {
  const user = await prisma.consoleUser.findUniqueOrThrow({ where: { id: userId } });
  if (user.totpEnabledAt) throw DomainError.conflict("Second factor already set up", refusal("secondFactorSetTurnOff"));
  const secret = generateSecret();
  await prisma.consoleUser.update({
    where: { id: userId },
    data: { totpSecretEnc: sealSecret("console_users.totp_secret_enc", secret) },
  });
  return { secret, uri: otpauthUri(user.email, secret) };
}

/**
 * Puts the second factor in force once a code from the new secret proves the app has it. Returns the
 * recovery codes, shown once (only their hashes are kept). Existing sessions end: the next sign-in asks
 * for a code.
 */
export async function confirmTotpEnrolment(userId: number, code: string, actor: Actor): Promise<string[]> {
  const user = await prisma.consoleUser.findUniqueOrThrow({ where: { id: userId } });
  if (user.totpEnabledAt) throw DomainError.conflict("Second factor already set up", refusal("secondFactorSet"));
  if (!user.totpSecretEnc) throw DomainError.validation([refusal("setUpFirst")]);
  const step = totpStep(user.totpSecretEnc, code);
  if (step === null) throw DomainError.validation([refusal("wrongCode")]);
  const recoveryCodes = newRecoveryCodes();
  await inTransaction(async (tx) => {
    await tx.consoleUser.update({
      where: { id: userId },
      data: {
        totpEnabledAt: new Date(),
        totpLastStep: step,
        recoveryCodeHashes: recoveryCodes.map(recoveryCodeHash),
        sessionVersion: { increment: 1 },
      },
    });
    await recordAudit(tx, actor, { action: "user.second_factor.enable", entityType: "console_user", entityId: userId });
  });
  return recoveryCodes;
}

/** Turns the second factor off (the user with a current code, or an admin for a user who lost the phone). */
export async function disableTotp(userId: number, actor: Actor): Promise<void> {
  await inTransaction(async (tx) => {
    const { count } = await tx.consoleUser.updateMany({
      where: { id: userId },
      data: {
        totpSecretEnc: null,
        totpEnabledAt: null,
        totpLastStep: null,
        recoveryCodeHashes: [],
        sessionVersion: { increment: 1 },
      },
    });
    if (count === 0) throw DomainError.notFound(refusal("doesNotExist", { entity: "console_user", id: userId }));
    await recordAudit(tx, actor, {
      action: "user.second_factor.disable",
      entityType: "console_user",
      entityId: userId,
    });
  });
}

/**
 * At sign-in and step-up: a current TOTP code not used before, or an unused recovery code, each spent
 * atomically so it works once. A refused code is counted (second_factor_failures_total).
 */
export async function verifySecondFactor(
  user: { id: number; totpSecretEnc: string | null; recoveryCodeHashes: string[] },
  code: string,
): Promise<boolean> {
  const ok = await spendSecondFactor(user, code);
  if (!ok) countSecondFactorFailure();
  return ok;
}

async function spendSecondFactor(
  user: { id: number; totpSecretEnc: string | null; recoveryCodeHashes: string[] },
  code: string,
): Promise<boolean> {
  const step = user.totpSecretEnc ? totpStep(user.totpSecretEnc, code) : null;
  if (step !== null) return spendTotpStep(user.id, step);
  const hash = typedRecoveryCodeHashes(code).find((h) => user.recoveryCodeHashes.includes(h));
  if (!hash) return false;
  const spent = await prisma.$executeRaw`
    UPDATE console_users SET recovery_code_hashes = array_remove(recovery_code_hashes, ${hash})
    WHERE id = ${user.id} AND ${hash} = ANY(recovery_code_hashes)`;
  return spent === 1;
}
