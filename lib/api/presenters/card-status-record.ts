import type { Transaction, TransactionStatus } from "@/lib/generated/prisma/client";
import { CARD_STATUSES } from "@/lib/domain/payment-methods";
import { formatIsoWithOffset } from "@/lib/base/time/format";

/** The spec's card payment status record; times are ISO 8601 with the service zone's offset. */
export function cardStatusRecord(t: Transaction) {
  return {
    tracking_code: t.trackingCode,
    order_id: t.orderId ?? "",
    status: cardStatus(t.status),
    amount: Number(t.amount.toFixed(2)),
    currency: "TRY" as const, // the only currency (decisions §2)
    username: t.username,
    user_id: t.userId,
    created_at: formatIsoWithOffset(t.createdAt),
    updated_at: formatIsoWithOffset(t.updatedAt),
  };
}

type CardStatus = (typeof CARD_STATUSES)[number];

/** A card payment only ever holds one of the card statuses; anything else is a bug worth a 500. */
function cardStatus(status: TransactionStatus): CardStatus {
  if ((CARD_STATUSES as readonly string[]).includes(status)) return status as CardStatus;
  throw new Error(`A card payment is in the non-card status ${status}`);
}
