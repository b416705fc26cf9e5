import type { Transfer } from "@/lib/generated/prisma/client";
import { formatLocalIso } from "@/lib/base/time/format";

/** The dealer document's Transfer object; amounts as two-decimal strings, times ISO 8601 local. */
export function transferResponse(t: Transfer) {
  return {
    transfer_id: t.transferId,
    status: t.status,
    amount: t.amount.toFixed(2),
    recipient_iban: t.recipientIban,
    recipient_name: t.recipientName,
    created_at: formatLocalIso(t.createdAt),
  };
}

/** transfer-status adds the note sent with the transfer and when it completed. */
export function transferDetail(t: Transfer) {
  return {
    ...transferResponse(t),
    description: t.description ?? "",
    completed_at: t.completedAt ? formatLocalIso(t.completedAt) : null,
  };
}
