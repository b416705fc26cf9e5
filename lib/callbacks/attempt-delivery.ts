import type { CallbackDelivery, DeliveryState, Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { logger } from "@/lib/observability/logger";
import { unixSeconds } from "@/lib/time/format";
import { currentCallbackUrl } from "./callback-target";
import { postCallback, type PostResult } from "./post-callback";
import { nextRetryDelay } from "./retry-schedule";
import { signCallback } from "./sign-callback";
import { signingKeysFor } from "./signing-keys";

export type ClaimedDelivery = Prisma.CallbackDeliveryGetPayload<{ include: { provider: true; dealer: true } }>;

/** Claimed deliveries with what signing and addressing them needs, in one query. */
export function loadClaimedDeliveries(db: PrismaClient, ids: number[]): Promise<ClaimedDelivery[]> {
  return db.callbackDelivery.findMany({ where: { id: { in: ids } }, include: { provider: true, dealer: true } });
}

export type AttemptOutcome = { deliveryId: number; state: DeliveryState; attempt: number; nextAttemptAt: Date; statusCode: number | null };

function acknowledged(delivery: CallbackDelivery, result: PostResult): boolean {
  if (result.statusCode !== 200) return false;
  if (delivery.kind !== "DEALER_CARD") return true;
  // The dealer document asks for HTTP 200 and a JSON body whose success is true.
  try {
    return (JSON.parse(result.body) as { success?: unknown }).success === true;
  } catch {
    return false;
  }
}

/**
 * One signed attempt of a claimed delivery, recorded with its outcome. `now` drives the schedule (tests
 * pass a controllable clock); the signature's timestamp is always the real time of sending.
 */
export async function attemptDelivery(db: PrismaClient, delivery: ClaimedDelivery, runnerId: string, now: Date): Promise<AttemptOutcome | null> {
  if (delivery.state !== "PENDING" || delivery.lockedBy !== runnerId) return null;
  const attempt = delivery.attemptCount + 1;
  const keys = signingKeysFor(delivery);
  // Retries follow the receiver's current configuration, so a corrected URL takes effect.
  const url = currentCallbackUrl(delivery);
  const startedAt = new Date();
  const signed = keys ? signCallback(delivery.payload as Record<string, unknown>, keys, unixSeconds(startedAt), { id: delivery.id, attempt, requestId: delivery.requestId }) : null;
  const result: PostResult = signed ? await postCallback(url, signed.headers, signed.body) : { statusCode: null, body: "", error: "the receiver no longer exists", durationMs: 0 };
  const ok = acknowledged(delivery, result);
  const delay = ok ? null : nextRetryDelay(attempt - delivery.scheduleStart);
  const state: DeliveryState = ok ? "DELIVERED" : delay === null ? "EXHAUSTED" : "PENDING";
  const nextAttemptAt = new Date(now.getTime() + (delay ?? 0));
  const error = ok ? null : (result.error ?? `HTTP ${result.statusCode}${delivery.kind === "DEALER_CARD" && result.statusCode === 200 ? " without success true" : ""}`);
  // One statement records the outcome and the attempt, and only if this runner still holds the lease.
  await db.$executeRaw`
    WITH settled AS (
      UPDATE callback_deliveries
      SET attempt_count = ${attempt}, state = ${state}::"DeliveryState", next_attempt_at = ${nextAttemptAt}, url = ${url},
          last_error = ${error}, delivered_at = ${ok ? new Date() : null}, locked_by = NULL, locked_until = NULL, updated_at = now()
      WHERE id = ${delivery.id} AND locked_by = ${runnerId} AND attempt_count = ${delivery.attemptCount}
      RETURNING id)
    INSERT INTO callback_attempts (delivery_id, attempt_number, started_at, duration_ms, request_headers, request_body, status_code, response_excerpt, error, succeeded)
    SELECT id, ${attempt}, ${startedAt}, ${result.durationMs}, ${JSON.stringify(signed?.headers ?? {})}::jsonb, ${signed?.body ?? ""},
           ${result.statusCode}, ${result.body || null}, ${error}, ${ok}
    FROM settled`;
  logger.info({ delivery_id: delivery.id, request_id: delivery.requestId, tracking_code: delivery.trackingCode, attempt, state, status_code: result.statusCode, duration_ms: result.durationMs, error }, "callback attempt");
  return { deliveryId: delivery.id, state, attempt, nextAttemptAt, statusCode: result.statusCode };
}
