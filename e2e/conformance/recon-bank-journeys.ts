import { afterEach, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { prisma } from "@/lib/base/db/prisma";
import { pollBankStatements } from "@/lib/domain/eiban/poll-bank-statements";
import type { BankConnectorName } from "@/lib/integrations/connectors/registry";
import { unbalancedSets } from "../support/ledger";
import { eibanDeposit, eibanPayout, incomingPayment, openWallet, type Wallet } from "./bank-orders";
import { alertsOf, failingReports, openOf, reconcileToday, resolveAll, runOf, shape } from "./recon-accounts";
import { awayFromMidnight } from "./recon-journeys";
import type { BankRow } from "./types";
import { expectSimulator } from "./world";

const MINUTE = 60_000;
const later = (ms: number) => new Date(Date.now() + ms);
const statusOf = async (code: string) =>
  (await prisma.transaction.findUniqueOrThrow({ where: { trackingCode: code } })).status;

type Journey = Wallet & { account: string; filter: { walletId: number } };

/**
 * The reconciliation journeys of an E-IBAN bank connector, against its simulator, on the run's production server: a
 * clean day, every discrepancy the bank's statement of a period can show (each found once, alerted once, closed by an
 * admin: nothing of a bank's line is applied), a rerun that finds nothing new, a statement that fails. Each journey
 * starts a bank of its own with a wallet of its own.
 */
export function bankReconConformance(name: BankConnectorName, row: BankRow): void {
  const started: Journey[] = [];
  const webhook = () => `${inject("baseUrl")}/api/webhooks/bank`;

  async function journey(): Promise<Journey> {
    const w = await openWallet(name, await row.start());
    const j = { ...w, account: `wallet:${w.id}`, filter: { walletId: w.id } };
    started.push(j);
    return j;
  }

  /** An E-IBAN deposit paid: the bank's notification books the line (on the statement from then) and completes it. */
  async function paid(j: Journey, amount = 500): Promise<{ code: string; reference: string }> {
    const code = await eibanDeposit(j, amount);
    const p = incomingPayment(j, code, `${amount}.00`);
    expect(await j.partner.incoming(p, webhook()).send()).toMatchObject({ status: 200, json: { booked: 1 } });
    expect(await statusOf(code)).toBe("completed");
    return { code, reference: p.reference };
  }

  /** A withdrawal paid out as a transfer: settled by the bank's notification, its line on the statement. */
  async function paidOut(j: Journey, amount = 75) {
    const t = await eibanPayout(j, amount);
    await j.partner.settleTransfer(j.iban, t.transferId, "completed", "notification", webhook());
    await j.partner.settleTransfer(j.iban, t.transferId, "completed", "statement", webhook());
    expect(await statusOf(t.code)).toBe("completed");
    return { ...t, id: (await prisma.transaction.findUniqueOrThrow({ where: { trackingCode: t.code } })).id };
  }

  /**
   * Passes of the statement poller until it has read the wallet's statement, stamped half an hour ahead: the running
   * server's poller leaves the wallet alone for the rest of the journey (the file holds the time-travel lock).
   */
  async function pollerPassed(j: Journey): Promise<void> {
    for (let i = 0; i < 40; i++) {
      const { statementPolledAt } = await prisma.eibanWallet.findUniqueOrThrow({ where: { id: j.id } });
      if (statementPolledAt && statementPolledAt.getTime() > later(20 * MINUTE).getTime()) return;
      await pollBankStatements(later((30 + i) * MINUTE));
    }
    throw new Error("the statement poller never read the wallet");
  }

  describe(`reconciliation of bank connector ${name} (${row.simulator})`, () => {
    beforeAll(() => expectSimulator(row.simulator));
    beforeEach(() => awayFromMidnight(), 150_000);
    afterEach(async () => {
      // The poller of other files reads every active wallet: a journey's wallet ends with its bank.
      const done = started.splice(0);
      await prisma.eibanWallet.updateMany({ where: { id: { in: done.map((j) => j.id) } }, data: { isActive: false } });
      for (const j of done) await j.partner.stop();
    });

    it("a clean day: every payment received and every transfer matched, nothing raised; a rerun the same", async () => {
      const j = await journey();
      await paid(j);
      await paid(j, 300);
      await paidOut(j);
      const first = await reconcileToday(j.filter, j.account);
      expect(first).toMatchObject({ state: "reconciled", matched: 3, found: 0, matchedAmount: "875.00" });
      expect(await alertsOf(j.account)).toEqual([]);
      expect(await reconcileToday(j.filter, j.account)).toMatchObject({ state: "reconciled", matched: 3, found: 0 });
      const run = await runOf(j.account);
      expect(run).toMatchObject({ state: "reconciled", matched: 3, discrepancies: 0, attempts: 2, walletId: j.id });
      expect(run.matchedAmount.toFixed(2)).toBe("875.00");
      expect(await prisma.reconPage.count({ where: { runId: run.id } })).toBeGreaterThan(0);
    }, 120_000);

    it("each discrepancy the bank's statement shows found once and alerted once, to the wallet's dealer; closed by an admin", async () => {
      const j = await journey();
      const recon = j.partner.recon;
      const dealerId = j.tenant.dealer.id;
      const altered = await paid(j);
      const alteredOut = await paidOut(j);
      const twice = await paidOut(j, 60);
      const alteredDeposit = await prisma.transaction.findUniqueOrThrow({ where: { trackingCode: altered.code } });
      await pollerPassed(j);

      recon.alterAmount(altered.reference, "450.00");
      recon.alterAmount(alteredOut.transferId, "70.00");
      recon.payTwice(twice.transferId);
      const unbooked = recon.unbookedIncoming(j.iban, "99.99");
      // Each discrepancy: what it is and the transaction it concerns (none for a payment nobody announced).
      const expected = [
        { shape: "amount_differs/deposit", order: alteredDeposit.id },
        { shape: "amount_differs/payout", order: alteredOut.id },
        { shape: "partners_only/deposit", order: null },
        { shape: "partners_only/payout", order: twice.id },
      ];

      const first = await reconcileToday(j.filter, j.account);
      expect(first).toMatchObject({ state: "reconciled", newlyFound: expected.length });
      const found = await openOf(j.account);
      expect(shape(found)).toEqual(expected.map((e) => e.shape));
      const seen = [...found]
        .sort((a, b) => `${a.kind}/${a.recordKind}`.localeCompare(`${b.kind}/${b.recordKind}`))
        .map((d) => ({ shape: `${d.kind}/${d.recordKind}`, order: d.transactionId, dealer: d.dealerId }));
      expect(seen).toEqual(expected.map((e) => ({ ...e, dealer: dealerId })));
      expect(found.find((d) => d.kind === "partners_only" && d.recordKind === "deposit")!.theirs).toMatchObject({
        partnerReference: unbooked,
        amount: "99.99",
      });
      const alerts = await alertsOf(j.account);
      expect(alerts.map((a) => (a.details as { discrepancyId: number }).discrepancyId).sort()).toEqual(
        found.map((d) => d.id).sort(),
      );
      for (const a of alerts) expect(a.dealerId).toBe(dealerId);

      // A rerun finds the same and adds none; the line stays unbooked (the poller was held off).
      expect(await reconcileToday(j.filter, j.account)).toMatchObject({ state: "reconciled", newlyFound: 0 });
      expect(shape(await openOf(j.account))).toEqual(expected.map((e) => e.shape));
      expect(await alertsOf(j.account)).toHaveLength(expected.length);
      expect(await prisma.eibanTransaction.count({ where: { externalId: unbooked } })).toBe(0);

      // Every line of the wallet's is its dealer's money: each accepted by two admins, booked as it stands.
      expect(await resolveAll(j.account)).toBe(expected.length);
      expect(await unbalancedSets(dealerId)).toEqual([]);
      expect(await reconcileToday(j.filter, j.account)).toMatchObject({ state: "reconciled", newlyFound: 0 });
      expect(await openOf(j.account)).toEqual([]);
      expect(await alertsOf(j.account)).toHaveLength(expected.length);
      expect(await runOf(j.account)).toMatchObject({ state: "reconciled", discrepancies: 0 });
    }, 180_000);

    it("a statement that fails or answers garbage leaves the day not reconciled, retried later; then it is", async () => {
      const j = await journey();
      await paid(j);
      await failingReports(j.filter, j.account, j.partner.recon.failReports, 1);
    }, 120_000);
  });
}
