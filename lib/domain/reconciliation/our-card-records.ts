import { poolQuery, prisma } from "@/lib/base/db/prisma";
import { Prisma } from "@/lib/generated/prisma/client";
import { CHUNK, keyset, recordsInChunks, splitIds, type DayWindow, type OurSide } from "./our-side";
import type { OurRecord } from "./recon-types";

type SaleRow = {
  id: number;
  order_id: string;
  partner_reference: string | null;
  attempt_status: string;
  at: Date;
  auth_code: string | null;
  tx_id: number;
  tracking_code: string;
  tx_status: string;
  amount: string;
  currency: string;
  provider_id: number | null;
  dealer_id: number;
};
type RefundRow = {
  id: number;
  refund_id: string;
  partner_reference: string | null;
  status: string;
  amount: string;
  at: Date;
  tx_id: number;
  tracking_code: string;
  currency: string;
  provider_id: number | null;
  dealer_id: number;
  ids: string[];
};

const SALE_COLUMNS = Prisma.sql`a.id, a.order_id, a.partner_reference, a.status::text AS attempt_status,
  COALESCE(a.decided_at, a.started_at) AS at, a.auth_code, t.id AS tx_id, t.tracking_code, t.status::text AS tx_status,
  t.amount::text AS amount, t.currency, t.provider_id, t.dealer_id`;
// The ids the acquirer may name a refund by: the sale's, which are its attempts' order ids and references.
const REFUND_COLUMNS = Prisma.sql`r.id, r.refund_id, r.partner_reference, r.status, r.amount::text AS amount,
  r.updated_at AS at, t.id AS tx_id, t.tracking_code, t.currency, t.provider_id, t.dealer_id,
  ARRAY(SELECT x FROM card_attempts a, LATERAL (VALUES (a.order_id), (a.partner_reference)) v(x)
        WHERE a.transaction_id = t.id AND x IS NOT NULL) AS ids`;

const ATTEMPTS = Prisma.sql`card_attempts a JOIN transactions t ON t.id = a.transaction_id`;
const REFUNDS = Prisma.sql`card_refunds r JOIN transactions t ON t.id = r.transaction_id`;

/** A charge of ours: succeeded only when its attempt was approved and the payment stands paid (or refunded). */
function sale(row: SaleRow): OurRecord {
  const paid = row.attempt_status === "approved" && (row.tx_status === "success" || row.tx_status === "refunded");
  return {
    key: `attempt:${row.id}`,
    kind: "sale",
    ids: [
      row.order_id,
      ...(row.partner_reference && row.partner_reference !== row.order_id ? [row.partner_reference] : []),
    ],
    partnerReference: null,
    amount: row.amount,
    currency: row.currency,
    status: paid ? "succeeded" : row.attempt_status === "started" ? "pending" : "failed",
    at: row.at,
    transactionId: row.tx_id,
    providerId: row.provider_id,
    dealerId: row.dealer_id,
  };
}

const saleSummary = (row: SaleRow) => ({
  trackingCode: row.tracking_code,
  orderId: row.order_id,
  status: row.tx_status,
  attempt: row.attempt_status,
  authCode: row.auth_code,
  at: row.at.toISOString(),
});

function refund(row: RefundRow): OurRecord {
  return {
    key: `refund:${row.id}`,
    kind: "refund",
    ids: row.ids,
    partnerReference: row.partner_reference,
    amount: row.amount,
    currency: row.currency,
    status:
      row.status === "approved"
        ? "succeeded"
        : row.status === "pending" || row.status === "unknown"
          ? "pending"
          : "failed",
    at: row.at,
    transactionId: row.tx_id,
    providerId: row.provider_id,
    dealerId: row.dealer_id,
  };
}

const refundSummary = (row: RefundRow) => ({
  trackingCode: row.tracking_code,
  refundId: row.refund_id,
  status: row.status,
  at: row.at.toISOString(),
});

/** A dealer's card payments at its acquirer: each approved attempt is a sale, each approved refund a refund. */
export function cardSide(dealerId: number): OurSide {
  return {
    async *ofDay(window: DayWindow) {
      yield* recordsInChunks(
        (after) =>
          poolQuery<SaleRow>(Prisma.sql`SELECT ${SALE_COLUMNS} FROM ${ATTEMPTS}
            WHERE a.status = 'approved' AND a.decided_at >= ${window.start} AND a.decided_at < ${window.end}
              AND t.dealer_id = ${dealerId} AND a.id > ${after} ORDER BY a.id LIMIT ${CHUNK}`),
        sale,
      );
      yield* recordsInChunks(
        (after) =>
          poolQuery<RefundRow>(Prisma.sql`SELECT ${REFUND_COLUMNS} FROM ${REFUNDS}
            WHERE r.status = 'approved' AND r.updated_at >= ${window.start} AND r.updated_at < ${window.end}
              AND t.dealer_id = ${dealerId} AND r.id > ${after} ORDER BY r.id LIMIT ${CHUNK}`),
        refund,
      );
    },
    async lookUp(ids) {
      const { orderIds, refs } = splitIds(ids);
      if (ids.length === 0) return [];
      const sales = await prisma.$queryRaw<SaleRow[]>`SELECT ${SALE_COLUMNS} FROM card_attempts a
        JOIN transactions t ON t.id = a.transaction_id
        WHERE t.dealer_id = ${dealerId}
          AND (a.order_id = ANY(${orderIds}::text[]) OR a.partner_reference = ANY(${orderIds}::text[]))`;
      const refunds = await prisma.$queryRaw<RefundRow[]>`SELECT ${REFUND_COLUMNS} FROM card_refunds r
        JOIN transactions t ON t.id = r.transaction_id
        WHERE t.dealer_id = ${dealerId} AND (r.partner_reference = ANY(${refs}::text[]) OR r.transaction_id IN
          (SELECT a.transaction_id FROM card_attempts a WHERE a.order_id = ANY(${orderIds}::text[])
             OR a.partner_reference = ANY(${orderIds}::text[])))`;
      // What staff read of them too: the day's records carry none (recon-types.ts, `summary`).
      return [
        ...sales.map((r) => ({ ...sale(r), summary: saleSummary(r) })),
        ...refunds.map((r) => ({ ...refund(r), summary: refundSummary(r) })),
      ];
    },
    async *ordersSent(window: DayWindow) {
      for (const read of [attemptsStartedIn, salesRefundedIn]) {
        for await (const rows of keyset((after) => read(dealerId, window, after))) {
          for (const row of rows) {
            const { order_id: orderId, amount, currency, partner_reference: partnerReference } = row;
            yield { orderId, amount, currency, partnerReference };
          }
        }
      }
    },
  };
}

/** Every attempt started in the widened window, whatever became of it. */
const attemptsStartedIn = (dealerId: number, window: DayWindow, after: number) =>
  poolQuery<SaleRow>(Prisma.sql`SELECT ${SALE_COLUMNS} FROM ${ATTEMPTS}
    WHERE a.status IN ('started', 'approved', 'declined', 'cancelled')
      AND a.started_at >= ${window.from} AND a.started_at < ${window.to}
      AND t.dealer_id = ${dealerId} AND a.id > ${after} ORDER BY a.id LIMIT ${CHUNK}`);

/** The paid attempts of earlier sales refunded in the window: their history shows the refund. */
const salesRefundedIn = (dealerId: number, window: DayWindow, after: number) =>
  poolQuery<SaleRow>(Prisma.sql`SELECT ${SALE_COLUMNS} FROM ${ATTEMPTS}
    WHERE a.status = 'approved' AND a.started_at < ${window.from} AND t.dealer_id = ${dealerId} AND a.id > ${after}
      AND EXISTS (SELECT 1 FROM card_refunds r WHERE r.transaction_id = t.id
                    AND r.updated_at >= ${window.from} AND r.updated_at < ${window.to})
    ORDER BY a.id LIMIT ${CHUNK}`);
