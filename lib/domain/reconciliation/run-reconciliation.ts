import { poolQuery, prisma } from "@/lib/base/db/prisma";
import { Prisma } from "@/lib/generated/prisma/client";
import { logger } from "@/lib/base/observability/logger";
import { DayMatcher } from "./day-matcher";
import type { PartnerAccount } from "./partner-accounts";
import { dayWindow } from "./recon-day";
import { recordDay } from "./record-day";

export type RunOutcome =
  | {
      state: "reconciled";
      runId: number;
      partnerRecords: number;
      ourRecords: number;
      matched: number;
      matchedAmount: string;
      found: number;
      newlyFound: number;
      cleared: number;
    }
  | { state: "failed"; runId: number; error: string }
  | { state: "busy" }
  | { state: "unsupported" };

/** A run whose holder has said nothing for this long is taken over (its process died mid-run). */
const STALE_MS = 15 * 60_000;
/** After a failure the day is asked again after 15 minutes, doubling up to six hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(15 * 60_000 * 2 ** Math.max(0, attempts - 1), 6 * 3_600_000);
}

/** Claims the account's day (one run at a time, fleet-wide), or null when another run of it is under way. */
async function claimRun(account: PartnerAccount, day: string, now: Date) {
  const [row] = await prisma.$queryRaw<{ id: number; attempts: number }[]>`
    INSERT INTO recon_runs (account, partner, dealer_id, gateway_id, wallet_id, day, state, attempts, started_at,
                            updated_at)
    VALUES (${account.account}, ${account.partner}, ${account.dealerId}, ${account.gatewayId}, ${account.walletId},
            ${day}::date, 'running', 1, ${now}, ${now})
    ON CONFLICT (account, day) DO UPDATE SET state = 'running', attempts = recon_runs.attempts + 1,
      partner = EXCLUDED.partner, started_at = EXCLUDED.started_at, updated_at = EXCLUDED.updated_at
    WHERE recon_runs.state <> 'running' OR recon_runs.started_at < ${new Date(now.getTime() - STALE_MS)}
    RETURNING id, attempts`;
  return row ?? null;
}

/**
 * Reconciles one partner account's Istanbul day: our records of the day are read, the partner's report is read
 * page by page (each page kept as received), matched, and what differs is recorded once and raised for staff
 * (record-day.ts). A report that cannot be had or read leaves the day "failed" (not reconciled, nothing matched,
 * nothing recorded) and asked again later. Safe to repeat: a rerun finds the same discrepancies and adds none.
 */
export async function reconcileDay(account: PartnerAccount, day: string, now = new Date()): Promise<RunOutcome> {
  if (!account.report) return { state: "unsupported" };
  const claim = await claimRun(account, day, now);
  if (!claim) return { state: "busy" };
  const window = dayWindow(day);
  try {
    const matcher = new DayMatcher(window);
    for await (const chunk of account.ours.ofDay(window)) matcher.hold(chunk);
    await prisma.reconPage.deleteMany({ where: { runId: claim.id } });
    let seq = 0;
    const query = {
      day,
      from: window.from,
      to: window.to,
      account: account.accountRef,
      orders: () => account.ours.ordersSent(window),
    };
    for await (const page of account.report.pages(account.config, query)) {
      // Through the pool, not Prisma's client: a day is hundreds of bodies of 100 KB and more, each copied several
      // times on the way through the client's runtime.
      await poolQuery(Prisma.sql`INSERT INTO recon_pages (run_id, seq, body, records)
        VALUES (${claim.id}, ${++seq}, ${page.body}, ${page.records.length})`);
      for (const record of page.records) matcher.add(record);
    }
    const result = matcher.finish(await account.ours.lookUp(matcher.unplacedIds()));
    const written = await recordDay(account, day, claim.id, result);
    const { drafts, ...figures } = result;
    return { state: "reconciled", runId: claim.id, ...figures, found: drafts.length, ...written };
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 300);
    logger.warn(
      { account: account.account, partner: account.partner, day, err: message },
      "reconciliation failed; will try again",
    );
    await prisma.reconRun.update({
      where: { id: claim.id },
      data: { state: "failed", error: message, nextAttemptAt: new Date(now.getTime() + retryDelayMs(claim.attempts)) },
    });
    return { state: "failed", runId: claim.id, error: message };
  }
}
