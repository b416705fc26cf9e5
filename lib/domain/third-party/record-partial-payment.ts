import { inTransaction } from "@/lib/base/db/transaction";
import { note, noteColumns } from "@/lib/base/messages/notes";
import { gatewayActor, historyActor } from "@/lib/domain/transactions/transition-actor";
import { lockTransaction } from "@/lib/domain/transactions/transition-transaction";
import type { Gateway } from "@/lib/generated/prisma/client";
import type { PartialPayment } from "@/lib/integrations/connectors/ports";

/**
 * A gateway reports money received short of a deposit (NOWPayments' `partially_paid`): nothing is credited,
 * since the customer may still send the rest and the gateway then reports the deposit paid in full; but what
 * arrived is written into the deposit's history, where staff see it (a deposit left short is theirs to settle
 * with the customer). Only a deposit bound to that gateway; the same report again adds nothing.
 */
export async function recordPartialPayment(
  gateway: Gateway,
  clientRef: string,
  partial: PartialPayment,
): Promise<boolean> {
  return inTransaction(async (tx) => {
    const found = await tx.transaction.findUnique({
      where: { trackingCode: clientRef },
      select: { id: true, gatewayId: true, direction: true },
    });
    if (!found || found.gatewayId !== gateway.id || found.direction !== "DEPOSIT") return false;
    const t = await lockTransaction(tx, found.id);
    const said = note("partiallyPaid", {
      amount: partial.amount,
      paid: partial.paid,
      asset: partial.asset.toUpperCase(),
    });
    const last = await tx.transactionEvent.findFirst({
      where: { transactionId: t.id, noteKey: "partiallyPaid" },
      orderBy: { id: "desc" },
      select: { noteParams: true },
    });
    if (last && sameParams(last.noteParams, said.params)) return false;
    await tx.transactionEvent.create({
      data: {
        transactionId: t.id,
        fromStatus: t.status,
        toStatus: t.status,
        ...historyActor(gatewayActor(gateway)),
        ...noteColumns(said),
      },
    });
    return true;
  });
}

/** Stored parameters (jsonb keeps its own key order) equal to these, key by key. */
function sameParams(stored: unknown, params: object): boolean {
  if (!stored || typeof stored !== "object") return false;
  const kept = stored as Record<string, unknown>;
  return (
    Object.keys(kept).length === Object.keys(params).length &&
    Object.entries(params).every(([key, value]) => kept[key] === value)
  );
}
