import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "@/lib/base/db/prisma";
import { setDealerAcquirer } from "@/lib/domain/cards/dealer-acquirer";
import { refundCardPayment } from "@/lib/domain/cards/refund-card-payment";
import { partnerAccounts } from "@/lib/domain/reconciliation/partner-accounts";
import { dayWindow, localDay } from "@/lib/domain/reconciliation/recon-day";
import {
  explainDiscrepancy,
  confirmAcceptance,
  proposeAcceptance,
} from "@/lib/domain/reconciliation/resolve-discrepancy";
import { reconcileDay, type RunOutcome } from "@/lib/domain/reconciliation/run-reconciliation";
import { CARD_CONNECTORS, type CardConnectorName } from "@/lib/integrations/connectors/registry";
import { unbalancedSets } from "../support/ledger";
import { longStandingAdmin } from "../support/second-admin";
import { cardPayment, payAt } from "./card-payments";
import type { CardPartner, CardPayment, CardRow } from "./types";
import { appFor, callbacks, expectSimulator, newTenant, transaction, type Tenant } from "./world";

const STAFF = { label: "ops" };

/** The dealer's acquirer account, reconciled for today (Istanbul): the simulators stamp what they do now. */
async function reconcileToday(dealerId: number): Promise<Extract<RunOutcome, { state: "reconciled" | "failed" }>> {
  const [account] = await partnerAccounts({ dealerId });
  expect(account?.account).toBe(`acquirer:${dealerId}`);
  expect(account!.report, `${account!.partner} has a report`).not.toBeNull();
  const outcome = await reconcileDay(account!, localDay(new Date()));
  if (outcome.state !== "reconciled" && outcome.state !== "failed") throw new Error(`run ${outcome.state}`);
  return outcome;
}

/**
 * A journey's records and its run must fall on one Istanbul day: one that would start in the last two minutes before
 * midnight waits until the new day has begun.
 */
export async function awayFromMidnight(): Promise<void> {
  const now = new Date();
  const next = dayWindow(localDay(now)).end.getTime();
  if (next - now.getTime() < 120_000) await new Promise((r) => setTimeout(r, next - now.getTime() + 1000));
}

const openOf = (dealerId: number) =>
  prisma.reconDiscrepancy.findMany({
    where: { account: `acquirer:${dealerId}`, status: { in: ["open", "proposed"] } },
    orderBy: { id: "asc" },
  });
const alertsOf = (dealerId: number) => prisma.alert.count({ where: { kind: "reconciliation_discrepancy", dealerId } });
const shape = (rows: { kind: string; recordKind: string }[]) => rows.map((d) => `${d.kind}/${d.recordKind}`).sort();

/**
 * The reconciliation journeys of a card connector, against its simulator through the production build: a clean day,
 * every discrepancy the partner's report can show (each found once, alerted once, a panel refund accepted by two
 * admins into the lifecycle and the ledger), a rerun that finds nothing new, a report that fails.
 */
export function cardReconConformance(name: CardConnectorName, row: CardRow): void {
  const connector = CARD_CONNECTORS[name];
  const w = {} as { partner: CardPartner; app: { baseUrl: string } };

  async function dealer(): Promise<Tenant> {
    const t = await newTenant();
    await setDealerAcquirer(t.dealer.id, name, await w.partner.configFor(t.dealer.id, w.app), { label: "test" });
    return t;
  }
  async function paid(t: Tenant, amount = 150): Promise<CardPayment & { id: number }> {
    const p = await cardPayment(w.app, t, amount);
    await (await payAt(w, p, "approve")).deliver();
    await (await callbacks()).forTrackingCode(p.tracking_code);
    return { ...p, id: (await transaction(p.tracking_code)).id };
  }

  describe(`reconciliation of card connector ${name} (${row.simulator})`, () => {
    beforeAll(async () => {
      expectSimulator(row.simulator);
      w.partner = await row.start();
      w.app = await appFor(connector.sandboxOnly === true);
    }, 120_000);
    beforeEach(() => awayFromMidnight(), 150_000);
    afterEach(() => w.partner?.reset());
    afterAll(() => w.partner?.stop());

    it("a clean day: every sale and refund matched, nothing raised; a rerun the same", async () => {
      const t = await dealer();
      const a = await paid(t);
      await paid(t, 80);
      // Partners that refund only settled sales (a same-day refund is theirs a void of the whole sale).
      w.partner.endOfDay?.();
      await refundCardPayment(a.id, STAFF, "one item back", "40.00");
      const first = await reconcileToday(t.dealer.id);
      expect(first).toMatchObject({ state: "reconciled", matched: 3, found: 0 });
      expect(await alertsOf(t.dealer.id)).toBe(0);
      expect(await reconcileToday(t.dealer.id)).toMatchObject({ state: "reconciled", matched: 3, found: 0 });
      const run = await prisma.reconRun.findFirstOrThrow({ where: { account: `acquirer:${t.dealer.id}` } });
      expect(run).toMatchObject({ state: "reconciled", matched: 3, discrepancies: 0, attempts: 2 });
      expect(run.matchedAmount.toFixed(2)).toBe("270.00");
      expect(await prisma.reconPage.count({ where: { runId: run.id } })).toBeGreaterThan(0);
    }, 120_000);

    it("each discrepancy the partner reports found once and alerted once; the panel refund accepted by two admins", async () => {
      const t = await dealer();
      const refunded = await paid(t);
      const altered = await paid(t);
      const late = await cardPayment(w.app, t);
      await (await payAt(w, late, "decline")).deliver();
      w.partner.recon.panelRefund(refunded, "25.00");
      w.partner.recon.alterAmount(altered, "140.00");
      w.partner.recon.approveLate(late);
      w.partner.recon.unknownSale?.(t.dealer.id, "99.99");
      w.partner.recon.chargeback?.(refunded, "10.00");
      const expected = [
        "amount_differs/sale",
        "partners_only/refund",
        ...(w.partner.recon.unknownSale ? ["partners_only/sale"] : []),
        "status_differs/sale",
        ...(w.partner.recon.chargeback ? ["partners_only/chargeback"] : []),
      ].sort();

      const first = await reconcileToday(t.dealer.id);
      expect(first.state).toBe("reconciled");
      expect(shape(await openOf(t.dealer.id))).toEqual(expected);
      expect(await alertsOf(t.dealer.id)).toBe(expected.length);
      // A rerun finds the same and adds none.
      expect(await reconcileToday(t.dealer.id)).toMatchObject({ state: "reconciled", newlyFound: 0 });
      expect(await openOf(t.dealer.id)).toHaveLength(expected.length);
      expect(await alertsOf(t.dealer.id)).toBe(expected.length);

      // The panel refund: one admin proposes, another confirms; recorded as the payment's refund, through the ledger.
      const panel = (await openOf(t.dealer.id)).find((d) => d.recordKind === "refund")!;
      expect(panel.transactionId).toBe(refunded.id);
      const first_ = await longStandingAdmin("recon.first");
      const second = await longStandingAdmin("recon.second");
      await proposeAcceptance(panel.id, first_);
      await expect(confirmAcceptance(panel.id, first_)).rejects.toThrow(/other than/);
      await confirmAcceptance(panel.id, second);
      const refund = await prisma.cardRefund.findUniqueOrThrow({ where: { refundId: `recon-${panel.id}` } });
      expect([refund.status, refund.amount.toFixed(2)]).toEqual(["approved", "25.00"]);
      expect((await transaction(refunded.tracking_code)).status).toBe("success");
      expect(await unbalancedSets(t.dealer.id)).toEqual([]);
      expect(await prisma.ledgerEntrySet.count({ where: { kind: "CARD_REFUND", transactionId: refunded.id } })).toBe(1);
      // Confirming again applies nothing twice.
      await expect(confirmAcceptance(panel.id, second)).rejects.toThrow();
      expect(await prisma.cardRefund.count({ where: { transactionId: refunded.id } })).toBe(1);

      // The sale for another amount: accepting books the difference (10.00 out of the dealer's cash) as it stands.
      const differs = (await openOf(t.dealer.id)).find((d) => d.kind === "amount_differs")!;
      await proposeAcceptance(differs.id, first_);
      await confirmAcceptance(differs.id, second);
      const adjustment = await prisma.ledgerEntrySet.findFirstOrThrow({
        where: { kind: "ADJUSTMENT", dealerId: t.dealer.id, transactionId: altered.id },
      });
      expect(adjustment.amount.toFixed(2)).toBe("10.00");
      expect(await unbalancedSets(t.dealer.id)).toEqual([]);
      for (const d of await openOf(t.dealer.id)) await explainDiscrepancy(d.id, "checked with the bank", first_);
      expect(
        await prisma.alert.count({
          where: { kind: "reconciliation_discrepancy", dealerId: t.dealer.id, resolvedAt: null },
        }),
      ).toBe(0);
      // The accepted refund now matches: a rerun finds nothing new and opens nothing.
      const after = await reconcileToday(t.dealer.id);
      expect(after).toMatchObject({ state: "reconciled", newlyFound: 0 });
      expect(await openOf(t.dealer.id)).toHaveLength(0);
    }, 180_000);

    it("a report that fails or answers garbage leaves the day not reconciled, retried later; then it is", async () => {
      const t = await dealer();
      await paid(t);
      for (const mode of [500, "garbage"] as const) {
        w.partner.recon.failReports(mode);
        const failed = await reconcileToday(t.dealer.id);
        expect(failed.state, String(mode)).toBe("failed");
        const run = await prisma.reconRun.findFirstOrThrow({ where: { account: `acquirer:${t.dealer.id}` } });
        expect(run.state).toBe("failed");
        expect(run.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now());
        expect(run.matched).toBe(0);
        expect(await prisma.reconDiscrepancy.count({ where: { account: `acquirer:${t.dealer.id}` } })).toBe(0);
      }
      w.partner.recon.failReports(null);
      expect(await reconcileToday(t.dealer.id)).toMatchObject({ state: "reconciled", matched: 1, found: 0 });
    }, 120_000);
  });
}
