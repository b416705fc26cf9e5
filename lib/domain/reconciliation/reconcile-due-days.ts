import { prisma } from "@/lib/base/db/prisma";
import { startOfLocalDay } from "@/lib/base/time/format";
import { partnerAccounts } from "./partner-accounts";
import { addDays, dayDate, dayOf, localDay } from "./recon-day";
import { reconcileDay, type RunOutcome } from "./run-reconciliation";

/** The morning hour (Istanbul) from which yesterday is reconciled: partners' reports of a day are complete by then. */
export const RECON_HOUR = 6;
/** Late records (a refund booked the next day, a chargeback) are looked for by a second run this many days later. */
export const SECOND_PASS_DAYS = 2;
/** A failed day is retried for this long; older ones wait for someone to run them by hand (recon:run). */
const RETRY_DAYS = 7;
/** The housekeeper looks at most this often (every 15 s slot would open every configuration four times a minute). */
const LOOK_EVERY_MS = 5 * 60_000;

let lastLook = 0;

/** When the pass reconciling `day` is due: the morning after it, and again SECOND_PASS_DAYS later. */
export function passesOf(day: string): Date[] {
  const morning = (d: string) => new Date(startOfLocalDay(d).getTime() + RECON_HOUR * 3_600_000);
  return [morning(addDays(day, 1)), morning(addDays(day, 1 + SECOND_PASS_DAYS))];
}

/** Whether a run of the day is due now, given its row (or none). */
export function isDue(
  day: string,
  run: { state: string; reconciledAt: Date | null; nextAttemptAt: Date | null } | undefined,
  now: Date,
): boolean {
  const due = passesOf(day).filter((at) => at <= now);
  if (due.length === 0) return false;
  if (!run) return true;
  if (run.state === "running") return false;
  if (run.state === "failed" && run.nextAttemptAt && run.nextAttemptAt > now) return false;
  const latestPass = due[due.length - 1]!;
  return !run.reconciledAt || run.reconciledAt < latestPass;
}

/**
 * The housekeeping task: every partner account with a report is reconciled for yesterday each morning, again for the
 * day before yesterday's eve two days later, and a failed day again after its backoff (docs/reconciliation.md,
 * "Schedule"). One instance of the fleet runs it at a time (the housekeeper's claim); a run itself is claimed per
 * account and day, so a run by hand beside it is never doubled.
 */
export async function reconcileDueDays(now: Date): Promise<RunOutcome[]> {
  if (now.getTime() - lastLook < LOOK_EVERY_MS) return [];
  lastLook = now.getTime();
  const today = localDay(now);
  const days = Array.from({ length: RETRY_DAYS }, (_, i) => addDays(today, -1 - i));
  const accounts = (await partnerAccounts()).filter((a) => a.report !== null);
  if (accounts.length === 0) return [];
  const runs = await prisma.reconRun.findMany({
    where: { account: { in: accounts.map((a) => a.account) }, day: { gte: dayDate(days.at(-1)!) } },
    select: { account: true, day: true, state: true, reconciledAt: true, nextAttemptAt: true },
  });
  const byKey = new Map(runs.map((r) => [`${r.account}|${dayOf(r.day)}`, r]));
  const outcomes: RunOutcome[] = [];
  for (const account of accounts) {
    const first = localDay(account.since);
    for (const day of days) {
      if (day < first || !isDue(day, byKey.get(`${account.account}|${day}`), now)) continue;
      outcomes.push(await reconcileDay(account, day, now));
    }
  }
  return outcomes;
}
