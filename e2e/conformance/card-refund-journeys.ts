import { expect } from "vitest";
import { prisma } from "@/lib/base/db/prisma";
import { setDealerAcquirer } from "@/lib/domain/cards/dealer-acquirer";
import { refundCardPayment } from "@/lib/domain/cards/refund-card-payment";
import { checkCardRefund } from "@/lib/domain/cards/resolve-card-refunds";
import type { CardConnectorName } from "@/lib/integrations/connectors/registry";
import { adminAsync } from "../support/admin-cli";
import { noteText } from "../support/notes";
import type { AppOrigin, CardJourney, CardPartner, CardPayment, CardRow } from "./types";
import { newTenant, transaction, until, type Tenant } from "./world";

/** What the card journeys share within one row: its partner, its server, its configured dealer, a paid payment. */
export type CardWorld = {
  partner: CardPartner;
  app: AppOrigin;
  dealer(): Promise<Tenant>;
  paid(t: Tenant): Promise<CardPayment & { id: number }>;
};

const STAFF = { label: "ops" };
const sum = (amounts: bigint[]) => amounts.reduce((a, b) => a + b, 0n);

/**
 * Refunds asked of the partner: approved (part, then the rest through the CLI), refused, and the two ways a
 * refund can go without an answer (docs/decisions.md, "Card refunds without an answer"): made at the partner
 * but answered too late, and lost on the way. Either way exactly one refund reaches the partner.
 */
export function cardRefundJourneys(
  name: CardConnectorName,
  row: CardRow,
  w: CardWorld,
  journey: (id: CardJourney, run: () => Promise<void>, timeout?: number) => void,
): void {
  /** A dealer of this row whose API calls give up after the row's short timeout. */
  let impatient: Tenant | null = null;
  const impatientDealer = async () => {
    if (impatient) return impatient;
    const t = await newTenant();
    await setDealerAcquirer(
      t.dealer.id,
      name,
      await w.partner.configFor(t.dealer.id, w.app, { timeoutMs: row.refundTimeoutMs }),
      { label: "test" },
    );
    return (impatient = t);
  };

  journey(
    "refund",
    async () => {
      const p = await w.paid(await w.dealer());
      w.partner.endOfDay?.();
      expect(await refundCardPayment(p.id, STAFF, "one item back", "40.00")).toMatchObject({
        status: "success",
        amount: "40.00",
        refundedTotal: "40.00",
        fullyRefunded: false,
      });
      expect((await transaction(p.tracking_code)).events.map(noteText)).toContain(
        "Partial refund 40.00 approved by the acquirer: one item back",
      );
      const rest = await adminAsync("transaction:refund", p.tracking_code, "--reason", "the rest");
      expect(rest.code, rest.stderr).toBe(0);
      expect(rest.json()).toEqual({
        tracking_code: p.tracking_code,
        status: "refunded",
        refunded: "110.00",
        refunded_total: "150.00",
      });
      expect(w.partner.refundsMade(p)).toEqual([4000n, 11000n]);
      expect(
        (await prisma.cardRefund.findMany({ where: { transactionId: p.id }, orderBy: { id: "asc" } })).map((r) => [
          r.amount.toFixed(2),
          r.status,
        ]),
      ).toEqual([
        ["40.00", "approved"],
        ["110.00", "approved"],
      ]);
      // A refund is not a callback.
      expect(await prisma.callbackDelivery.count({ where: { trackingCode: p.tracking_code } })).toBe(1);
    },
    120_000,
  );

  journey("refundRefused", async () => {
    const p = await w.paid(await w.dealer());
    w.partner.endOfDay?.();
    w.partner.refuseRefunds(true);
    await expect(refundCardPayment(p.id, STAFF, "customer request")).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining(row.refundRefusedCode),
    });
    w.partner.refuseRefunds(false);
    expect((await transaction(p.tracking_code)).status).toBe("success");
    expect(await prisma.cardRefund.findMany({ where: { transactionId: p.id } })).toEqual([
      expect.objectContaining({ status: "refused", errorCode: row.refundRefusedCode }),
    ]);
    expect(
      await prisma.auditLog.count({ where: { action: "transaction.refund_refused", entityId: String(p.id) } }),
    ).toBe(1);
    expect(w.partner.refundsMade(p)).toEqual([]);
  });

  journey(
    "refundTimeout",
    async () => {
      const p = await w.paid(await impatientDealer());
      w.partner.endOfDay?.();
      w.partner.slowRefunds(row.refundTimeoutMs + 2000);
      await expect(refundCardPayment(p.id, STAFF, "customer asked", "40.00")).rejects.toThrow(
        "The acquirer did not answer the refund of 40.00",
      );
      const [refund] = await prisma.cardRefund.findMany({ where: { transactionId: p.id } });
      expect(refund).toMatchObject({ status: "unknown", attempts: 1 });
      expect((await transaction(p.tracking_code)).events.map(noteText)).toContain(
        `Refund 40.00 (${refund!.refundId}) got no answer from the acquirer: unknown, held until the acquirer's records show whether it was made`,
      );
      expect(await prisma.alert.findMany({ where: { transactionId: p.id, kind: "refund_unknown" } })).toHaveLength(1);
      await until(() => w.partner.refundsMade(p).length === 1, "the partner carries the slow refund out", 15_000);
      w.partner.slowRefunds(0);
      // Asked again, the partner's records show it made: recorded, nothing sent. (The server's housekeeping may
      // have settled it a moment earlier: then the check says it is no longer unknown.)
      try {
        expect(await checkCardRefund(refund!.refundId, STAFF, { retry: true })).toMatchObject({
          result: "made",
          outcome: { refundedTotal: "40.00" },
        });
      } catch (error) {
        expect(String(error)).toContain("is no longer unknown");
      }
      expect(await prisma.cardRefund.findMany({ where: { transactionId: p.id } })).toEqual([
        expect.objectContaining({ status: "approved", attempts: 1 }),
      ]);
      expect(w.partner.refundsMade(p)).toEqual([4000n]);
      expect(await prisma.alert.findMany({ where: { transactionId: p.id, kind: "refund_unknown" } })).toEqual([
        expect.objectContaining({ resolvedAt: expect.any(Date) }),
      ]);
      expect(await prisma.ledgerEntrySet.count({ where: { kind: "CARD_REFUND", transactionId: p.id } })).toBe(1);
      // Settled: the rest can be refunded.
      expect(await refundCardPayment(p.id, STAFF, "the rest")).toMatchObject({
        status: "refunded",
        refundedTotal: "150.00",
      });
      expect(sum(w.partner.refundsMade(p))).toBe(15000n);
    },
    120_000,
  );

  journey(
    "refundLost",
    async () => {
      const p = await w.paid(await impatientDealer());
      w.partner.endOfDay?.();
      w.partner.loseRefunds(true);
      await expect(refundCardPayment(p.id, STAFF, "customer asked", "25.00")).rejects.toThrow(
        "The acquirer did not answer the refund of 25.00",
      );
      w.partner.loseRefunds(false);
      const [refund] = await prisma.cardRefund.findMany({ where: { transactionId: p.id } });
      expect(refund).toMatchObject({ status: "unknown" });
      // No other refund while it is unknown.
      await expect(refundCardPayment(p.id, STAFF, "more", "10.00")).rejects.toThrow(
        `A refund of 25.00 (${refund!.refundId}) of this payment got no answer from the acquirer: no new refund until it is settled`,
      );
      expect(w.partner.refundsMade(p)).toEqual([]);
      // Once the records can be trusted (five minutes on) they still show none: sent again, the same refund.
      const later = await checkCardRefund(refund!.refundId, STAFF, {
        retry: true,
        now: new Date(Date.now() + 6 * 60_000),
      });
      expect(later).toMatchObject({
        refundId: refund!.refundId,
        result: "sent",
        outcome: { status: "success", refundedTotal: "25.00" },
      });
      expect(await prisma.cardRefund.findMany({ where: { transactionId: p.id } })).toEqual([
        expect.objectContaining({ refundId: refund!.refundId, status: "approved", attempts: 2 }),
      ]);
      expect(w.partner.refundsMade(p)).toEqual([2500n]);
    },
    120_000,
  );
}
