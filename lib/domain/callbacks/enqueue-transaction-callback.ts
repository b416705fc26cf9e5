import type { Db } from "@/lib/base/db/prisma";
import type { Prisma, Transaction } from "@/lib/generated/prisma/client";
import { buildCallbackPayload, callbackKindFor, callbackStatusFor } from "./callback-payload";
import { currentRequestContext } from "@/lib/base/observability/request-context";
import { callbackTarget } from "./callback-target";
import { announceDueDeliveries } from "@/lib/domain/outbox/dispatch";

/**
 * Writes the callback a transaction's new status owes into the outbox, inside the caller's database
 * transaction, so the state change and its callback commit or roll back together. Due at once; or, when
 * the receiver has no callback URL configured, stopped as NO_URL: nothing is attempted or retried (the
 * runners claim PENDING ones only) until staff configure the URL and resend it. A due one is announced once
 * the caller's transaction commits (announceDueDeliveries), so no caller announces it by hand.
 */
export async function enqueueTransactionCallback(
  tx: Db,
  transaction: Transaction,
  requestId?: string,
): Promise<number[]> {
  const kind = callbackKindFor(transaction);
  if (!kind) return [];
  const target = await callbackTarget(tx, kind, transaction);
  const delivery = await tx.callbackDelivery.create({
    data: {
      kind,
      transactionId: transaction.id,
      providerId: target.providerId,
      dealerId: target.dealerId,
      url: target.url ?? "",
      state: target.url ? "PENDING" : "NO_URL",
      trackingCode: transaction.trackingCode,
      status: callbackStatusFor(kind, transaction),
      payload: buildCallbackPayload(kind, transaction) as Prisma.InputJsonValue,
      requestId: requestId ?? currentRequestContext()?.requestId ?? null,
    },
  });
  if (delivery.state === "PENDING") await announceDueDeliveries(tx, [delivery.id]);
  return [delivery.id];
}
