import { poolQuery, prisma } from "@/lib/base/db/prisma";
import { Prisma } from "@/lib/generated/prisma/client";
import { CHUNK, recordsInChunks, splitIds, type DayWindow, type OurSide } from "./our-side";
import type { OurRecord } from "./recon-types";

type LineRow = {
  id: number;
  external_id: string;
  amount: string;
  at: Date;
  sender_name: string;
  matched_transaction_id: number | null;
};
type TransferRow = {
  id: number;
  transfer_id: string;
  bank_reference: string | null;
  status: string;
  amount: string;
  at: Date;
  transaction_id: number | null;
  recipient_iban: string;
};

/** An E-IBAN wallet's statement as we booked it: each incoming line a deposit, each transfer sent a payout. */
export function walletSide(walletId: number, dealerId: number): OurSide {
  const line = (row: LineRow): OurRecord => ({
    key: `line:${row.id}`,
    kind: "deposit",
    ids: [],
    partnerReference: row.external_id,
    amount: row.amount,
    currency: "TRY",
    status: "succeeded",
    at: row.at,
    transactionId: row.matched_transaction_id,
    providerId: null,
    dealerId,
  });
  const transfer = (row: TransferRow): OurRecord => ({
    key: `transfer:${row.id}`,
    kind: "payout",
    ids: [row.transfer_id],
    partnerReference: row.bank_reference,
    amount: row.amount,
    currency: "TRY",
    status: row.status === "completed" ? "succeeded" : row.status === "failed" ? "failed" : "pending",
    at: row.at,
    transactionId: row.transaction_id,
    providerId: null,
    dealerId,
  });
  return {
    async *ofDay(window: DayWindow) {
      yield* recordsInChunks(
        (after) =>
          poolQuery<LineRow>(Prisma.sql`SELECT id, external_id, amount::text AS amount, occurred_at AS at, sender_name,
              matched_transaction_id FROM eiban_transactions WHERE wallet_id = ${walletId} AND direction = 'incoming'
              AND occurred_at >= ${window.start} AND occurred_at < ${window.end}
              AND id > ${after} ORDER BY id LIMIT ${CHUNK}`),
        line,
      );
      yield* recordsInChunks(
        (after) =>
          poolQuery<TransferRow>(Prisma.sql`SELECT id, transfer_id, bank_reference, status::text AS status,
            amount::text AS amount, completed_at AS at, transaction_id, recipient_iban FROM transfers
            WHERE wallet_id = ${walletId} AND completed_at >= ${window.start} AND completed_at < ${window.end}
              AND status = 'completed' AND id > ${after} ORDER BY id LIMIT ${CHUNK}`),
        transfer,
      );
    },
    async lookUp(ids) {
      const { orderIds, refs } = splitIds(ids);
      if (ids.length === 0) return [];
      const lines = await prisma.$queryRaw<LineRow[]>`SELECT id, external_id, amount::text AS amount, occurred_at AS at,
          sender_name, matched_transaction_id FROM eiban_transactions
        WHERE wallet_id = ${walletId} AND direction = 'incoming' AND external_id = ANY(${refs}::text[])`;
      const sent = await prisma.$queryRaw<TransferRow[]>`SELECT id, transfer_id, bank_reference, status::text AS status,
          amount::text AS amount, COALESCE(completed_at, updated_at) AS at, transaction_id, recipient_iban
        FROM transfers WHERE wallet_id = ${walletId}
          AND (transfer_id = ANY(${orderIds}::text[]) OR bank_reference = ANY(${refs}::text[]))`;
      // What staff read of them too: the day's records carry none (recon-types.ts, `summary`).
      return [
        ...lines.map((r) => ({
          ...line(r),
          summary: { reference: r.external_id, sender: r.sender_name, at: r.at.toISOString() },
        })),
        ...sent.map((r) => ({
          ...transfer(r),
          summary: { transferId: r.transfer_id, status: r.status, to: r.recipient_iban, at: r.at.toISOString() },
        })),
      ];
    },
    async *ordersSent() {},
  };
}
