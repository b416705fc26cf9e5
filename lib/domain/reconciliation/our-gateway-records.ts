import { poolQuery, prisma } from "@/lib/base/db/prisma";
import { Prisma } from "@/lib/generated/prisma/client";
import { CHUNK, recordsInChunks, splitIds, type DayWindow, type OurSide } from "./our-side";
import type { OurRecord } from "./recon-types";

type Row = {
  id: number;
  tracking_code: string;
  gateway_reference: string | null;
  direction: string;
  status: string;
  amount: string;
  currency: string;
  at: Date;
  provider_id: number | null;
  dealer_id: number;
};

// What the gateway was told and credited: the amount received where it differs from the order (finalAmount).
const COLUMNS = Prisma.sql`t.id, t.tracking_code, t.gateway_reference, t.direction::text AS direction,
  t.status::text AS status, COALESCE(t.final_amount, t.amount)::text AS amount, t.currency,
  COALESCE(t.completed_at, t.updated_at) AS at, t.provider_id, t.dealer_id`;

function order(row: Row): OurRecord {
  return {
    key: `tx:${row.id}`,
    kind: row.direction === "DEPOSIT" ? "deposit" : "payout",
    // The gateway knows the order by our clientRef (the tracking code) and by its own reference.
    ids: [row.tracking_code],
    partnerReference: row.gateway_reference,
    amount: row.amount,
    currency: row.currency,
    status:
      row.status === "completed"
        ? "succeeded"
        : ["canceled", "expired", "failed", "rejected"].includes(row.status)
          ? "failed"
          : "pending",
    at: row.at,
    transactionId: row.id,
    providerId: row.provider_id,
    dealerId: row.dealer_id,
  };
}

const orderSummary = (row: Row) => ({
  trackingCode: row.tracking_code,
  status: row.status,
  reference: row.gateway_reference,
  at: row.at.toISOString(),
});

/** A gateway's deposits and payouts: the orders handed to it that completed. */
export function gatewaySide(gatewayId: number): OurSide {
  return {
    async *ofDay(window: DayWindow) {
      yield* recordsInChunks(
        (after) =>
          poolQuery<Row>(Prisma.sql`SELECT ${COLUMNS} FROM transactions t
            WHERE t.gateway_id = ${gatewayId} AND t.completed_at >= ${window.start} AND t.completed_at < ${window.end}
              AND t.status = 'completed' AND t.id > ${after} ORDER BY t.id LIMIT ${CHUNK}`),
        order,
      );
    },
    async lookUp(ids) {
      const { orderIds, refs } = splitIds(ids);
      if (ids.length === 0) return [];
      const rows = await prisma.$queryRaw<Row[]>`SELECT ${COLUMNS} FROM transactions t WHERE t.gateway_id = ${gatewayId}
        AND (t.tracking_code = ANY(${orderIds}::text[])
          OR t.gateway_reference = ANY(${[...refs, ...orderIds]}::text[]))`;
      // What staff read of them too: the day's records carry none (recon-types.ts, `summary`).
      return rows.map((r) => ({ ...order(r), summary: orderSummary(r) }));
    },
    async *ordersSent() {},
  };
}
