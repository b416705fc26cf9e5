import { formatDateTime } from "@/lib/base/time/format";
import type { TransactionCallbacks } from "@/lib/domain/callbacks/api-callbacks";
import type { TransactionPage } from "@/lib/domain/explorer/api-transaction-list";
import type { TransactionWithHistory } from "@/lib/domain/explorer/api-transaction-status";
import type {
  CallbackListResponse,
  TransactionListResponse,
  TransactionStatusResponse,
} from "@/lib/api/schemas/responses/transaction-reads";
import { transactionHistory, transactionRecord } from "./transaction-record";

/** The bodies of the read endpoints (contracts/transaction-reads.ts): status, the list, the callbacks. */

export function presentTransactionStatus(t: TransactionWithHistory): TransactionStatusResponse {
  return { success: true, data: { ...transactionRecord(t), history: transactionHistory(t.events) } };
}

export function presentTransactionPage(page: TransactionPage): TransactionListResponse {
  return {
    success: true,
    data: page.rows.map(transactionRecord),
    next_cursor: page.nextCursor,
    window: { from: formatDateTime(page.window.from), to: formatDateTime(page.window.to) },
  };
}

const STATE = { PENDING: "pending", DELIVERED: "delivered", EXHAUSTED: "exhausted", NO_URL: "no_url" } as const;

export function presentCallbacks({ trackingCode, deliveries }: TransactionCallbacks): CallbackListResponse {
  return {
    success: true,
    tracking_code: trackingCode,
    callbacks: deliveries.map((d) => ({
      status: d.status,
      url: d.url,
      state: STATE[d.state],
      next_attempt_at: d.state === "PENDING" ? formatDateTime(d.nextAttemptAt) : null,
      delivered_at: d.deliveredAt ? formatDateTime(d.deliveredAt) : null,
      attempts: d.attempts.map((a) => ({
        attempt: a.attemptNumber,
        at: formatDateTime(a.startedAt),
        http_status: a.statusCode,
        duration_ms: a.durationMs,
        error: a.error,
      })),
    })),
  };
}
