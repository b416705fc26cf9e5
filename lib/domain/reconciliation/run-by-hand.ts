import { prisma } from "@/lib/base/db/prisma";
import { DomainError } from "@/lib/base/errors/domain-error";
import { refusal } from "@/lib/base/messages/errors";
import { recordAudit, type Actor } from "@/lib/domain/audit/record-audit";
import { partnerAccounts, type AccountFilter } from "./partner-accounts";
import { isDay, localDay } from "./recon-day";
import { reconcileDay } from "./run-reconciliation";

/** A day that has ended (Istanbul), or a refusal naming the flag. */
export function endedDay(day: string | undefined, now = new Date()): string {
  if (!day || !isDay(day))
    throw DomainError.validation([refusal("badFormat", { field: "day", rule: "--day must be a day", format: "date" })]);
  if (day >= localDay(now))
    throw DomainError.validation([
      refusal("badFormat", { field: "day", rule: "--day must be a day that has ended (Istanbul)", format: "date" }),
    ]);
  return day;
}

/**
 * Reconciles a day now, for every partner account or those the filter names (`recon:run`): the same run as the
 * schedule's, audited as the admin's. An account whose connector has no report yet is listed as such.
 */
export async function runReconciliationByHand(dayText: string | undefined, filter: AccountFilter, actor: Actor) {
  const day = endedDay(dayText);
  const accounts = await partnerAccounts(filter);
  await recordAudit(prisma, actor, {
    action: "reconciliation.run",
    entityType: "reconciliation",
    entityId: day,
    after: { day, ...filter, accounts: accounts.map((a) => a.account) },
  });
  const results = [];
  for (const account of accounts) {
    const outcome = await reconcileDay(account, day);
    results.push({ account: account.account, partner: account.partner, label: account.label, ...outcome });
  }
  return { day, runs: results };
}
