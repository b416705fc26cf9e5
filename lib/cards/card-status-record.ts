import type { Transaction } from "@/lib/generated/prisma/client";
import { formatIsoWithOffset } from "@/lib/time/format";

/** The spec's card payment status record; times are ISO 8601 with the service zone's offset. */
export function cardStatusRecord(t: Transaction) {
  return {
    tracking_code: t.trackingCode,
    order_id: t.orderId,
    status: t.status,
    amount: Number(t.amount.toFixed(2)),
    currency: t.currency,
    username: t.username,
    user_id: t.userId,
    created_at: formatIsoWithOffset(t.createdAt),
    updated_at: formatIsoWithOffset(t.updatedAt),
  };
}
