import { expect } from "vitest";
import { prisma } from "@/lib/base/db/prisma";
import { partnerAccounts, type AccountFilter } from "@/lib/domain/reconciliation/partner-accounts";
import { localDay } from "@/lib/domain/reconciliation/recon-day";
import {
  confirmAcceptance,
  explainDiscrepancy,
  proposeAcceptance,
} from "@/lib/domain/reconciliation/resolve-discrepancy";
import { reconcileDay, type RunOutcome } from "@/lib/domain/reconciliation/run-reconciliation";
import { longStandingAdmin } from "../support/second-admin";

/**
 * What the reconciliation journeys of gateways and banks (recon-gateway-journeys.ts, recon-bank-journeys.ts) read
 * of one partner account ("gateway:<id>", "wallet:<id>"): its day run now, its open discrepancies and their alerts.
 */

export type Reconciled = Extract<RunOutcome, { state: "reconciled" | "failed" }>;

/** The one partner account the filter names, reconciled for today (Istanbul): the simulators stamp what they do now. */
export async function reconcileToday(filter: AccountFilter, account: string): Promise<Reconciled> {
  const accounts = await partnerAccounts(filter);
  expect(accounts.map((a) => a.account)).toEqual([account]);
  expect(accounts[0]!.report, `${accounts[0]!.partner} has a report`).not.toBeNull();
  const outcome = await reconcileDay(accounts[0]!, localDay(new Date()));
  if (outcome.state !== "reconciled" && outcome.state !== "failed") throw new Error(`run ${outcome.state}`);
  return outcome;
}

export const openOf = (account: string) =>
  prisma.reconDiscrepancy.findMany({
    where: { account, status: { in: ["open", "proposed"] } },
    orderBy: { id: "asc" },
  });

/** The account's discrepancy alerts (each names its account in its details). */
export const alertsOf = (account: string, where: { resolvedAt?: null } = {}) =>
  prisma.alert.findMany({
    where: { kind: "reconciliation_discrepancy", details: { path: ["account"], equals: account }, ...where },
    orderBy: { id: "asc" },
  });

/** "kind/record kind" of each discrepancy, sorted: what a journey expects to find. */
export const shape = (rows: { kind: string; recordKind: string }[]) =>
  rows.map((d) => `${d.kind}/${d.recordKind}`).sort();

/** The account's run of today. */
export const runOf = (account: string) =>
  prisma.reconRun.findFirstOrThrow({ where: { account, day: new Date(`${localDay(new Date())}T00:00:00Z`) } });

/**
 * Every open discrepancy of the account resolved by admins: where the partner's record moved money of a dealer's
 * account, one admin proposes accepting it and another confirms, which books the difference (one adjustment set of
 * the amount, caused by the acceptance); where it cannot be applied (money of no dealer's), accepting is refused and an
 * admin explains it. Each alert resolved; answers how many were accepted.
 */
export async function resolveAll(account: string): Promise<number> {
  const [first, second] = [await longStandingAdmin("recon.first"), await longStandingAdmin("recon.second")];
  let accepted = 0;
  for (const d of await openOf(account)) {
    const shown = `${d.kind}/${d.recordKind}`;
    if (d.dealerId === null) {
      await expect(proposeAcceptance(d.id, first), shown).rejects.toMatchObject({
        code: "VALIDATION",
        refusals: [{ key: "discrepancyNotAcceptable" }],
      });
      await explainDiscrepancy(d.id, "checked with the partner", first);
      continue;
    }
    await proposeAcceptance(d.id, first);
    await confirmAcceptance(d.id, second);
    accepted += 1;
    const audit = await prisma.auditLog.findFirstOrThrow({
      where: { action: "reconciliation.accept", entityId: String(d.id) },
    });
    const sets = await prisma.ledgerEntrySet.findMany({ where: { kind: "ADJUSTMENT", causeId: audit.id } });
    expect(
      sets.map((s) => s.dealerId),
      shown,
    ).toEqual([d.dealerId]);
  }
  expect(await openOf(account)).toEqual([]);
  expect(await alertsOf(account, { resolvedAt: null })).toEqual([]);
  return accepted;
}

/**
 * A report that fails (an HTTP error, then garbage) leaves the day not reconciled, asked again later, nothing matched
 * or recorded; `failReports(null)` and it reconciles with `matched` records.
 */
export async function failingReports(
  filter: AccountFilter,
  account: string,
  failReports: (mode: number | "garbage" | null) => void,
  matched: number,
): Promise<void> {
  for (const mode of [500, "garbage"] as const) {
    failReports(mode);
    const failed = await reconcileToday(filter, account);
    expect(failed.state, String(mode)).toBe("failed");
    const run = await runOf(account);
    expect(run.state).toBe("failed");
    expect(run.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now());
    expect(run.matched).toBe(0);
    expect(await prisma.reconDiscrepancy.count({ where: { account } })).toBe(0);
    expect(await alertsOf(account)).toEqual([]);
  }
  failReports(null);
  expect(await reconcileToday(filter, account)).toMatchObject({ state: "reconciled", matched, found: 0 });
  expect(await runOf(account)).toMatchObject({ state: "reconciled", matched, discrepancies: 0, nextAttemptAt: null });
}
