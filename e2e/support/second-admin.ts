import { randomCodeGroup } from "@/lib/base/crypto/random";
import { prisma } from "@/lib/base/db/prisma";
import type { Staff } from "@/lib/domain/audit/record-audit";

/** Long before any proposal a test makes. */
const LONG_AGO = new Date("2020-01-01T00:00:00Z");

/**
 * A console admin of long standing, as the second person of four eyes must be (docs/decisions.md,
 * "Four-eyes eligibility"): its access granted before any proposal a test makes, by nobody a test plays.
 * The integration suites' servers only offer a second factor, so it has none.
 */
export async function longStandingAdmin(name = "second.admin"): Promise<Staff> {
  const email = `${name}-${randomCodeGroup(6).toLowerCase()}@four-eyes.test`;
  const user = await prisma.consoleUser.create({
    data: { email, passwordHash: "unused", role: "ADMIN", accessGrantedAt: LONG_AGO, createdAt: LONG_AGO },
  });
  return { userId: user.id, label: email };
}

const cached = new Map<string, Promise<Staff>>();

/** One long-standing admin per database, for tests whose second approvals are not what they test. */
export function secondAdmin(): Promise<Staff> {
  const database = process.env.DATABASE_URL ?? "";
  let admin = cached.get(database);
  if (!admin) cached.set(database, (admin = longStandingAdmin()));
  return admin;
}
