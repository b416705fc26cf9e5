import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "@/lib/base/db/prisma";
import type { GatewayConnectorName } from "@/lib/integrations/connectors/registry";
import { unbalancedSets } from "../support/ledger";
import {
  inquireWhile,
  orderRow,
  saveRowGateway,
  startDeposit,
  startWithdrawal,
  type GatewayContext,
} from "./gateway-orders";
import { alertsOf, failingReports, openOf, reconcileToday, resolveAll, runOf, shape } from "./recon-accounts";
import { awayFromMidnight } from "./recon-journeys";
import type { GatewayDeposit, GatewayRow, GatewayWithdrawal } from "./types";
import { expectSimulator, newTenant, sayNotApplicable } from "./world";

/** A journey's own partner (its list holds only the journey's orders), tenant and gateway. */
type Journey = GatewayContext & { gatewayId: number; account: string; filter: { gatewayId: number } };

/**
 * The reconciliation journeys of a third-party gateway connector, against its simulator, on the run's production
 * server: a clean day, every discrepancy the partner's list can show (each found once, alerted once, closed by an
 * admin: nothing of a gateway's record is applied), a rerun that finds nothing new, a list that fails. Each journey
 * starts a partner of its own and saves its own gateway, so the partner's list holds that journey's orders only.
 */
export function gatewayReconConformance(name: GatewayConnectorName, row: GatewayRow): void {
  const started: Journey[] = [];

  async function journey(): Promise<Journey> {
    const partner = await row.start();
    const tenant = await newTenant();
    const gatewayId = await saveRowGateway(name, { row, partner });
    const j = { row, partner, tenant, gatewayId, account: `gateway:${gatewayId}`, filter: { gatewayId } };
    started.push(j);
    return j;
  }

  async function paid(j: Journey, amount = 250): Promise<GatewayDeposit> {
    const d = await startDeposit(j, j.gatewayId, amount);
    await (await j.partner.payDeposit(d)).deliver();
    expect((await orderRow(d.code)).status).toBe("completed");
    return d;
  }

  /** A deposit the partner ended unpaid (its own way): canceled here. */
  async function ended(j: Journey): Promise<GatewayDeposit> {
    const d = await startDeposit(j, j.gatewayId);
    await j.partner.abandonDeposit(d);
    await inquireWhile(d.code, "pending");
    expect((await orderRow(d.code)).status).toBe(row.declinedStatus);
    return d;
  }

  async function paidOut(j: Journey, amount = 75): Promise<GatewayWithdrawal> {
    const w = await startWithdrawal(j, j.gatewayId, "paid", amount);
    await j.partner.settleWithdrawal(w, "paid", true);
    await expect.poll(async () => (await orderRow(w.code)).status, { timeout: 15_000 }).toBe("completed");
    return w;
  }

  describe(`reconciliation of gateway connector ${name} (${row.simulator})`, () => {
    beforeAll(() => expectSimulator(row.simulator));
    beforeEach(() => awayFromMidnight(), 150_000);
    afterEach(async () => {
      // Other files' jobs read every active gateway: a journey's gateway ends with its partner.
      const done = started.splice(0);
      await prisma.gateway.updateMany({
        where: { id: { in: done.map((j) => j.gatewayId) } },
        data: { isActive: false },
      });
      for (const j of done) await j.partner.stop();
    });

    it("a clean day: every deposit and payout matched, nothing raised; a rerun the same", async () => {
      const j = await journey();
      await paid(j);
      await paid(j, 120);
      await paidOut(j);
      const first = await reconcileToday(j.filter, j.account);
      expect(first).toMatchObject({ state: "reconciled", matched: 3, found: 0, matchedAmount: "445.00" });
      expect(await alertsOf(j.account)).toEqual([]);
      expect(await reconcileToday(j.filter, j.account)).toMatchObject({ state: "reconciled", matched: 3, found: 0 });
      const run = await runOf(j.account);
      expect(run).toMatchObject({
        state: "reconciled",
        matched: 3,
        discrepancies: 0,
        attempts: 2,
        gatewayId: j.gatewayId,
      });
      expect(run.matchedAmount.toFixed(2)).toBe("445.00");
      expect(await prisma.reconPage.count({ where: { runId: run.id } })).toBeGreaterThan(0);
    }, 120_000);

    it("each discrepancy the partner lists found once and alerted once, with the order's dealer; closed by an admin", async () => {
      const j = await journey();
      const recon = j.partner.recon;
      for (const [control, reason] of Object.entries(recon.cannot ?? {}))
        sayNotApplicable("gateway reconciliation", name, control, reason);
      const dealerId = j.tenant.dealer.id;
      const altered = await paid(j);
      const late = recon.approveLate ? await ended(j) : null;
      const refunded = recon.panelRefund ? await paid(j) : null;
      const twice = await paidOut(j);

      recon.alterAmount(altered, "240.00");
      if (late) recon.approveLate!(late);
      const refundShows = refunded ? recon.panelRefund!(refunded, "100.00") : null;
      recon.unknownDeposit("99.99");
      recon.payTwice(twice);
      // Each discrepancy: what it is, the order it concerns (the dealer's), or none for money of nobody's.
      const expected = [
        { shape: "amount_differs/deposit", order: altered.id },
        ...(late ? [{ shape: "status_differs/deposit", order: late.id }] : []),
        ...(refunded && refundShows ? [{ shape: refundShows, order: refunded.id }] : []),
        { shape: "partners_only/deposit", order: null },
        { shape: "partners_only/payout", order: twice.id },
      ].sort((a, b) => a.shape.localeCompare(b.shape));

      const first = await reconcileToday(j.filter, j.account);
      expect(first).toMatchObject({ state: "reconciled", newlyFound: expected.length });
      const found = await openOf(j.account);
      expect(shape(found)).toEqual(expected.map((e) => e.shape));
      const seen = [...found]
        .sort((a, b) => `${a.kind}/${a.recordKind}`.localeCompare(`${b.kind}/${b.recordKind}`))
        .map((d) => ({ shape: `${d.kind}/${d.recordKind}`, order: d.transactionId, dealer: d.dealerId }));
      expect(seen).toEqual(expected.map((e) => ({ ...e, dealer: e.order === null ? null : dealerId })));
      const alerts = await alertsOf(j.account);
      expect(alerts.map((a) => (a.details as { discrepancyId: number }).discrepancyId).sort()).toEqual(
        found.map((d) => d.id).sort(),
      );
      for (const a of alerts) {
        const d = found.find((x) => x.id === (a.details as { discrepancyId: number }).discrepancyId)!;
        expect([a.dealerId, a.transactionId], `${d.kind}/${d.recordKind}`).toEqual([d.dealerId, d.transactionId]);
      }

      // A rerun finds the same and adds none.
      expect(await reconcileToday(j.filter, j.account)).toMatchObject({ state: "reconciled", newlyFound: 0 });
      expect(shape(await openOf(j.account))).toEqual(expected.map((e) => e.shape));
      expect(await alertsOf(j.account)).toHaveLength(expected.length);

      // Accepted by two admins where the money is the dealer's (booked as it stands), explained where it is nobody's.
      expect(await resolveAll(j.account)).toBe(expected.filter((e) => e.order !== null).length);
      expect(await unbalancedSets(dealerId)).toEqual([]);
      // Explained, they stay closed: a rerun opens nothing and raises nothing.
      expect(await reconcileToday(j.filter, j.account)).toMatchObject({ state: "reconciled", newlyFound: 0 });
      expect(await openOf(j.account)).toEqual([]);
      expect(await alertsOf(j.account)).toHaveLength(expected.length);
      expect(await runOf(j.account)).toMatchObject({ state: "reconciled", discrepancies: 0 });
    }, 180_000);

    it("a list that fails or answers garbage leaves the day not reconciled, retried later; then it is", async () => {
      const j = await journey();
      await paid(j);
      await failingReports(j.filter, j.account, j.partner.recon.failReports, 1);
    }, 120_000);
  });
}
