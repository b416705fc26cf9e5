import type { Transfer } from "@/lib/generated/prisma/client";
import { formatLocalIso } from "@/lib/time/format";

/** The dealer document's Transfer object; amounts as two-decimal strings, times ISO 8601 local. */
export function transferResponse(t: Transfer, detail: boolean) {
  return {
    transfer_id: t.transferId,
    status: t.status,
    amount: t.amount.toFixed(2),
    recipient_iban: t.recipientIban,
    recipient_name: t.recipientName,
    ...(detail ? { description: t.description ?? "" } : {}),
    created_at: formatLocalIso(t.createdAt),
    ...(detail ? { completed_at: t.completedAt ? formatLocalIso(t.completedAt) : null } : {}),
  };
}
