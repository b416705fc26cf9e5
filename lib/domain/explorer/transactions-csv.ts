import { paymentMethodOf } from "@/lib/domain/payment-methods";
import type { ConsoleUser } from "@/lib/domain/access/console-user";
import { UTF8_BOM } from "@/lib/base/csv/csv-line";
import { type CsvDialect, MACHINE_CSV } from "@/lib/base/csv/csv-dialect";
import { prisma } from "@/lib/base/db/prisma";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Direction, Origin } from "@/lib/generated/prisma/enums";
import type { PaymentMethod } from "@/lib/domain/payment-methods";
import type { TransactionFilters } from "@/lib/domain/schemas/transaction-filters";
import { readStatus, type StatusReading } from "@/lib/domain/payment-methods/status-reading";
import { transactionWhere } from "./transaction-where";

export const CSV_BATCH_SIZE = 1000;

const COLUMNS = [
  "tracking_code",
  "created_at",
  "completed_at",
  "method",
  "type",
  "origin",
  "status",
  "provider",
  "dealer",
  "site",
  "user_id",
  "username",
  "fullname",
  "amount",
  "final_amount",
  "currency",
  "order_id",
  "error_code",
] as const;

export type TransactionColumn = (typeof COLUMNS)[number];

/**
 * The words an export writes. The machine CSV keeps the API's raw values (its columns are a contract for
 * scripts); the spreadsheet variant words them in the console's language (supplied by the edge, which
 * holds the dictionaries), its status in the console's one vocabulary (a deposit staff rejected: "rejected").
 */
export interface TransactionCsvWords {
  header: Record<TransactionColumn, string>;
  method(method: PaymentMethod): string;
  direction(direction: Direction): string;
  origin(origin: Origin): string;
  status(reading: StatusReading, apiValue: string): string;
  errorCode(code: string): string;
}

const RAW_WORDS: TransactionCsvWords = {
  header: Object.fromEntries(COLUMNS.map((c) => [c, c])) as Record<TransactionColumn, string>,
  method: (m) => m,
  direction: (d) => d,
  origin: (o) => o,
  status: (_reading, apiValue) => apiValue,
  errorCode: (code) => code,
};

export interface TransactionCsvFormat {
  dialect: CsvDialect;
  words: TransactionCsvWords;
}

export const MACHINE_TRANSACTIONS_CSV: TransactionCsvFormat = { dialect: MACHINE_CSV, words: RAW_WORDS };

const SELECT = {
  id: true,
  trackingCode: true,
  createdAt: true,
  completedAt: true,
  method: true,
  direction: true,
  origin: true,
  status: true,
  canceledBy: true,
  userId: true,
  username: true,
  fullname: true,
  amount: true,
  finalAmount: true,
  currency: true,
  orderId: true,
  errorCode: true,
  provider: { select: { name: true } },
  dealer: { select: { name: true } },
  site: { select: { name: true } },
} satisfies Prisma.TransactionSelect;

type Row = Prisma.TransactionGetPayload<{ select: typeof SELECT }>;

// Money leaves as the database's exact decimal text, never through a float.
function line(t: Row, { dialect: d, words: w }: TransactionCsvFormat): string {
  const status = w.status(readStatus(t.status, t.direction, t.canceledBy), t.status);
  return d.line([
    t.trackingCode,
    d.time(t.createdAt),
    d.time(t.completedAt),
    w.method(paymentMethodOf(t.method)),
    w.direction(t.direction),
    w.origin(t.origin),
    status,
    t.provider?.name,
    t.dealer.name,
    t.site?.name,
    t.userId,
    t.username,
    t.fullname,
    d.decimal(t.amount.toFixed(2)),
    d.decimal(t.finalAmount?.toFixed(2)),
    t.currency,
    t.orderId,
    t.errorCode && w.errorCode(t.errorCode),
  ]);
}

/**
 * Rows after the cursor in the list's order (created_at desc, id desc), so batches neither skip nor repeat
 * ties. The `lte` bound is what an index on created_at can start from; the OR alone is only a filter, and
 * every batch would rescan from the newest row (an export of 260k rows took a minute that way).
 */
function after(cursor: { createdAt: Date; id: number }): Prisma.TransactionWhereInput {
  return {
    createdAt: { lte: cursor.createdAt },
    OR: [{ createdAt: { lt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { lt: cursor.id } }],
  };
}

/**
 * The filtered set as CSV, read in keyset batches only as fast as the client takes them (pull), so an
 * export of any size holds one batch in memory. Same tenancy and filters as the list; the page is ignored.
 */
export function transactionsCsv(
  user: ConsoleUser,
  filters: TransactionFilters,
  format = MACHINE_TRANSACTIONS_CSV,
  batchSize = CSV_BATCH_SIZE,
): ReadableStream<Uint8Array> {
  const where = transactionWhere(user, filters);
  const encoder = new TextEncoder();
  let cursor: { createdAt: Date; id: number } | null = null;
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(UTF8_BOM + format.dialect.line(COLUMNS.map((c) => format.words.header[c]))));
        return;
      }
      const rows: Row[] = await prisma.transaction.findMany({
        where: cursor ? { AND: [where, after(cursor)] } : where,
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        take: batchSize,
        select: SELECT,
      });
      if (rows.length) controller.enqueue(encoder.encode(rows.map((row) => line(row, format)).join("")));
      const last = rows.at(-1);
      if (!last || rows.length < batchSize) controller.close();
      else cursor = { createdAt: last.createdAt, id: last.id };
    },
  });
}
