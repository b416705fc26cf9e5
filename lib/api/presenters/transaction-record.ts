import type { Transaction, TransactionEvent } from "@/lib/generated/prisma/client";
import type { PaymentMethod } from "@/lib/domain/payment-methods";
import { THIRD_PARTY, type ThirdPartyKind, type ThirdPartyMethod, paymentMethodOf } from "@/lib/domain/payment-methods";
import { formatDateTime } from "@/lib/base/time/format";
import {
  HISTORY_ACTORS,
  RECORD_METHODS,
  RECORD_TYPES,
  type TransactionRecord,
} from "@/lib/api/schemas/responses/transaction-reads";

/**
 * How the API names each method in a transaction record. A new method fails the type check here until it
 * has a name.
 */
const RECORD_METHOD: Record<PaymentMethod, (typeof RECORD_METHODS)[number]> = {
  MANUAL_BANK: "manual",
  EIBAN: "eiban",
  CREDIT_CARD: "credit_card",
  // Methods 4-6 by their kind, as their paths and callbacks name them.
  ...(Object.fromEntries(THIRD_PARTY.map(({ method, kind }) => [method, kind])) as Record<
    ThirdPartyMethod,
    ThirdPartyKind
  >),
};

const RECORD_TYPE: Record<Transaction["direction"], (typeof RECORD_TYPES)[number]> = {
  DEPOSIT: "deposit",
  WITHDRAWAL: "withdrawal",
  PAYMENT: "payment",
};

export type RecordRow = Transaction & { site: { id: number; name: string } | null };

/** The record the read endpoints answer: the create response's fields, the outcome and the last change. */
export function transactionRecord(t: RecordRow): TransactionRecord {
  return {
    tracking_code: t.trackingCode,
    type: RECORD_TYPE[t.direction],
    payment_method: RECORD_METHOD[paymentMethodOf(t.method)],
    site: t.site ? { id: t.site.id, name: t.site.name } : null,
    customer: { fullname: t.fullname, username: t.username, user_id: t.userId },
    // Decimal to a JSON number with two places, as the create responses and callbacks write amounts.
    amount: Number(t.amount.toFixed(2)),
    final_amount: Number((t.finalAmount ?? t.amount).toFixed(2)),
    currency: "TRY", // the only currency (decisions §2)
    status: t.status,
    ...(t.iban && t.direction === "WITHDRAWAL" ? { iban: t.iban } : {}),
    expires_at: t.expiresAt ? formatDateTime(t.expiresAt) : null,
    created_at: formatDateTime(t.createdAt),
    updated_at: formatDateTime(t.updatedAt),
  };
}

type HistoryActor = (typeof HISTORY_ACTORS)[number];

/**
 * Who wrote a history row, in words (transition-actor.ts historyActor writes them): the people are "staff"
 * only, never named, as provider viewers see them in the console.
 */
function historyBy(e: Pick<TransactionEvent, "actorType" | "actorId">): HistoryActor {
  switch (e.actorType) {
    case "API":
      return "api";
    case "CUSTOMER":
      return "customer";
    case "CONSOLE_USER":
    case "CLI":
      return "staff";
    case "GATEWAY":
      return e.actorId === "eiban-bank" ? "bank" : e.actorId === "card-acquirer" ? "acquirer" : "gateway";
    case "SYSTEM":
      return e.actorId === "expiry" ? "expiry" : "system";
  }
}

/** The statuses taken, oldest first; rows that only noted something (same status before and after) are left out. */
export function transactionHistory(events: TransactionEvent[]) {
  return events
    .filter((e) => e.fromStatus !== e.toStatus)
    .map((e) => ({ status: e.toStatus, at: formatDateTime(e.createdAt), by: historyBy(e) }));
}
