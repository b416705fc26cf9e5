import { recordAudit, type Actor } from "@/lib/domain/audit/record-audit";
import { inTransaction } from "@/lib/base/db/transaction";
import { DomainError } from "@/lib/base/errors/domain-error";
import { announceDueDeliveries } from "@/lib/domain/outbox/dispatch";
import { refusal } from "@/lib/base/messages/errors";
import { currentCallbackUrl } from "./callback-target";

/**
 * Sends a delivery again now, whatever its state, with a fresh retry schedule. The receiver sees the same
 * tracking_code and status again (callbacks are at-least-once; receivers deduplicate on them). One whose receiver has
 * no callback URL now is refused (409 "No callback URL"), not queued to fail.
 */
export async function resendDelivery(id: number, actor: Actor, scope: { providerId?: number; dealerId?: number } = {}) {
  return inTransaction(async (tx) => {
    const delivery = await tx.callbackDelivery.findUnique({
      where: { id },
      include: {
        provider: { select: { depositCallbackUrl: true, withdrawalCallbackUrl: true, creditCardCallbackUrl: true } },
        dealer: { select: { creditCardCallbackUrl: true } },
      },
    });
    const visible =
      delivery &&
      (scope.providerId === undefined || delivery.providerId === scope.providerId) &&
      (scope.dealerId === undefined || delivery.dealerId === scope.dealerId);
    if (!delivery || !visible) throw DomainError.notFound(refusal("doesNotExist", { entity: "delivery", id }));
    // Resent into no URL, it would only fail through the whole retry schedule: say what to set instead.
    if (!currentCallbackUrl(delivery))
      throw DomainError.conflict(
        "No callback URL",
        refusal("resendWithoutUrl", { trackingCode: delivery.trackingCode }),
      );
    await tx.callbackDelivery.update({
      where: { id },
      // A lease held by a runner mid-attempt is left alone: its outcome is recorded, then this schedule runs.
      data: { state: "PENDING", nextAttemptAt: new Date(), scheduleStart: delivery.attemptCount },
    });
    // Sent at once after the commit, whoever resends (console, CLI, API), not at the next sweep.
    await announceDueDeliveries(tx, [id]);
    await recordAudit(tx, actor, {
      action: "callback.resend",
      entityType: "callback_delivery",
      entityId: id,
      before: { state: delivery.state, attempts: delivery.attemptCount },
    });
    return { id, state: "PENDING", tracking_code: delivery.trackingCode, status: delivery.status };
  });
}
