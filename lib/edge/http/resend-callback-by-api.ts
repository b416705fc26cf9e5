import { clientIp } from "@/lib/base/net/client-ip";
import { ownerLabel, type ApiOwner } from "@/lib/domain/access/api-owner";
import { findResendableDelivery } from "@/lib/domain/callbacks/api-callbacks";
import { resendDelivery } from "@/lib/domain/callbacks/resend-delivery";
import { hitRateLimit } from "@/lib/domain/ops/rate-limit";
import type { CallbackResendResponse } from "@/lib/api/schemas/responses/transaction-reads";
import { ApiError } from "./api-error";

/** One resend per transaction per window (docs/decisions.md "Reading transactions"): a receiver back up needs one. */
export const RESEND_LIMIT = 1;
export const RESEND_WINDOW_MS = 60_000;

/**
 * POST callbacks/resend: the caller's transaction's final callback sent again now, through the console's and
 * the CLI's resend (fresh timestamp and hash on the attempt, audited, announced after commit). The limit is
 * counted only once the transaction is known to be the caller's, so nobody else can use up its resends nor
 * learn from a 429 that a code exists.
 */
export async function resendCallbackByApi(
  trackingCode: string,
  owner: ApiOwner,
  headers: Headers,
): Promise<CallbackResendResponse> {
  const delivery = await findResendableDelivery(trackingCode, owner);
  const decision = await hitRateLimit(`callback-resend:${trackingCode}`, RESEND_LIMIT, RESEND_WINDOW_MS);
  if (!decision.allowed) {
    throw new ApiError(
      429,
      {
        success: false,
        error: "Too many requests",
        message:
          `The callback of ${trackingCode} was resent less than ${RESEND_WINDOW_MS / 1000} s ago; retry in ` +
          `${decision.retryAfterSeconds} s.`,
      },
      { "retry-after": String(decision.retryAfterSeconds) },
    );
  }
  const scope = "providerId" in owner ? { providerId: owner.providerId } : { dealerId: owner.dealerId };
  const resent = await resendDelivery(
    delivery.id,
    { label: ownerLabel(owner), ip: clientIp(headers) ?? undefined },
    scope,
  );
  return {
    success: true,
    message: "The callback is being sent again",
    tracking_code: resent.tracking_code,
    status: resent.status,
    state: "pending",
  };
}
