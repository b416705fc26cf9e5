import { poolQuery, prisma } from "@/lib/base/db/prisma";
import { Prisma } from "@/lib/generated/prisma/client";
import { mapChunks } from "./our-card-records";
import { CHUNK, keyset, splitIds, type DayWindow, type OurSide } from "./our-side";
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
    summary: { reference: row.external_id, sender: row.sender_name, at: row.at.toISOString() },
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
    summary: { transferId: row.transfer_id, status: row.status, to: row.recipient_iban, at: row.at.toISOString() },
  });
  const transfers = (where: (after: number) => Promise<TransferRow[]>) => mapChunks(keyset(where), transfer);
  return {
    async *ofDay(window: DayWindow) {
      yield* mapChunks(
        keyset((after) =>
          poolQuery<LineRow>(Prisma.sql`SELECT id, external_id, amount::text AS amount, occurred_at AS at, sender_name,
              matched_transaction_id FROM eiban_transactions WHERE wallet_id = ${walletId} AND direction = 'incoming'
              AND occurred_at >= ${window.start} AND occurred_at < ${window.end}
              AND id > ${after} ORDER BY id LIMIT ${CHUNK}`),
        ),
        line,
      );
      yield* transfers((after) =>
        poolQuery<TransferRow>(Prisma.sql`SELECT id, transfer_id, bank_reference, status::text AS status,
            amount::text AS amount, completed_at AS at, transaction_id, recipient_iban FROM transfers
            WHERE wallet_id = ${walletId} AND completed_at >= ${window.start} AND completed_at < ${window.end}
              AND status = 'completed' AND id > ${after} ORDER BY id LIMIT ${CHUNK}`),
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
      return [...lines.map(line), ...sent.map(transfer)];
    },
    async *ordersSent() {},
  };
}
