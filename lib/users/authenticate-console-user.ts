import { verifyPassword } from "@/lib/crypto/password";
import { prisma } from "@/lib/db/prisma";

/** Credentials check for the console; the same answer for an unknown email and a wrong password. */
export async function authenticateConsoleUser(email: string, password: string) {
  const user = await prisma.consoleUser.findUnique({ where: { email: email.trim().toLowerCase() } });
  // Verify against a dummy hash for unknown users so response time does not reveal which emails exist.
  const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !ok || !user.isActive) return null;
  await prisma.consoleUser.update({ where: { id: user.id }, data: { lastLoginAt: new Date() } });
  return { id: String(user.id), email: user.email, name: user.email, role: user.role };
}

const DUMMY_HASH = "scrypt$16384$8$1$c2FsdHNhbHRzYWx0c2FsdA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
