import { verifyPassword } from "@/lib/base/crypto/password";
import { prisma } from "@/lib/base/db/prisma";
import type { ConsoleUser } from "@/lib/domain/access/console-user";
import { hitRateLimit, undoRateLimitHit } from "@/lib/domain/ops/rate-limit";
import { verifySecondFactor } from "./second-factor";
import { config } from "@/lib/base/config/env";

const WINDOW_MS = 15 * 60_000;
export const TOO_MANY_ATTEMPTS = "TooManyAttempts";
/** The password was right; the account signs in with a second factor and no code came (the form asks for it). */
export const SECOND_FACTOR_NEEDED = "SecondFactorNeeded";
export const WRONG_SECOND_FACTOR = "WrongSecondFactor";

const perAccount = () => config().LOGIN_ATTEMPTS_PER_ACCOUNT ?? 10;
const perIp = () => config().LOGIN_ATTEMPTS_PER_IP ?? 50;
const limits = (email: string, ip: string | null) => [
  { key: `login:account:${email}`, limit: perAccount() },
  ...(ip ? [{ key: `login:ip:${ip}`, limit: perIp() }] : []),
];

/**
 * Failed sign-in attempts are limited per account and per IP in 15-minute windows shared by all instances.
 * Every attempt is counted before the password is checked (so parallel guesses cannot slip past the limit)
 * and a successful one is taken back: a shift signing in again and again is never locked out.
 */
async function withinLoginLimits(email: string, ip: string | null): Promise<boolean> {
  const decisions = await Promise.all(limits(email, ip).map(({ key, limit }) => hitRateLimit(key, limit, WINDOW_MS)));
  return decisions.every((d) => d.allowed);
}

/**
 * Credentials check for the console; the same answer for an unknown email and a wrong password. Over the
 * attempt limits it refuses without looking at the password (throws TOO_MANY_ATTEMPTS).
 */
export async function authenticateConsoleUser(
  rawEmail: string,
  password: string,
  ip: string | null = null,
  code?: string,
) {
  const email = rawEmail.trim().toLowerCase();
  if (!(await withinLoginLimits(email, ip))) throw new Error(TOO_MANY_ATTEMPTS);
  const user = await prisma.consoleUser.findUnique({ where: { email } });
  // Verify against a dummy hash for unknown users so response time does not reveal which emails exist.
  const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !ok || !user.isActive) return null;
  const undoHits = () =>
    Promise.all(limits(email, ip).map(({ key, limit }) => undoRateLimitHit(key, limit, WINDOW_MS)));
  const enrolled = user.totpEnabledAt !== null;
  if (enrolled && !code?.trim()) {
    // Not a failed guess: the form now asks for the code. A wrong code stays counted like a wrong password.
    await undoHits();
    throw new Error(SECOND_FACTOR_NEEDED);
  }
  if (enrolled && !(await verifySecondFactor(user, code!.trim()))) throw new Error(WRONG_SECOND_FACTOR);
  await undoHits();
  await prisma.consoleUser.update({ where: { id: user.id }, data: { lastLoginAt: new Date() } });
  return {
    id: String(user.id),
    email: user.email,
    name: user.email,
    role: user.role,
    sessionVersion: user.sessionVersion,
    secondFactor: enrolled,
  };
}

/**
 * A second-factor code checked for a signed-in user (turning the factor off): counted against the same
 * per-account and per-IP limits as sign-in, before the code is looked at, and taken back when it is right, so
 * a session left open gives no more guesses at the code than the sign-in form does. Over the limits it
 * refuses without looking at the code (throws TOO_MANY_ATTEMPTS).
 */
export async function verifySecondFactorWithinLimits(
  user: { id: number; email: string; totpSecretEnc: string | null; recoveryCodeHashes: string[] },
  code: string,
  ip: string | null = null,
): Promise<boolean> {
  const email = user.email.trim().toLowerCase();
  if (!(await withinLoginLimits(email, ip))) throw new Error(TOO_MANY_ATTEMPTS);
  if (!(await verifySecondFactor(user, code.trim()))) return false;
  await Promise.all(limits(email, ip).map(({ key, limit }) => undoRateLimitHit(key, limit, WINDOW_MS)));
  return true;
}

/**
 * The console user a session names, re-read on every request: null for a deactivated user, or a session
 * issued before the user's password, role or active flag last changed (session_version).
 */
export async function findSessionUser(session: {
  id: number;
  sessionVersion: number;
  secondFactor: boolean;
}): Promise<ConsoleUser | null> {
  const user = await prisma.consoleUser.findUnique({ where: { id: session.id } });
  if (!user || !user.isActive || user.sessionVersion !== session.sessionVersion) return null;
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    dealerId: user.dealerId,
    providerId: user.providerId,
    totpEnabled: user.totpEnabledAt !== null,
    secondFactor: session.secondFactor === true,
    createdAt: user.createdAt,
  };
}

/** verifySecondFactorWithinLimits for a signed-in user by id (turning their own factor off), the account read first. */
export async function verifyOwnSecondFactorWithinLimits(
  userId: number,
  code: string,
  ip: string | null = null,
): Promise<boolean> {
  const user = await prisma.consoleUser.findUniqueOrThrow({ where: { id: userId } });
  return verifySecondFactorWithinLimits(user, code, ip);
}

const DUMMY_HASH =
  "scrypt$16384$8$1$c2FsdHNhbHRzYWx0c2FsdA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" +
  "AAAAAAAAAAAAAA";
