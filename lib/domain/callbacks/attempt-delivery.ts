import type { Prisma, CallbackDelivery, DeliveryState, PrismaClient } from "@/lib/generated/prisma/client";
import { logger } from "@/lib/base/observability/logger";
import { unixSeconds } from "@/lib/base/time/format";
import { currentCallbackUrl } from "./callback-target";
import { attemptRecorder, type SentAttempt } from "./attempt-records";
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

/**
 * The claim an attempt runs under: its token, `now` when it was claimed (the retry schedule counts from
 * it; tests pass a controllable clock) and the claim's clock, `now` moving on in real time.
 */
export type AttemptLease = { token: string; now: Date; clock: () => Date };

export function attemptLease(token: string, now: Date): AttemptLease {
  const started = Date.now();
  return { token, now, clock: () => new Date(now.getTime() + Date.now() - started) };
}

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
 * Sends claimed deliveries one after another under one lease. Each attempt is signed afresh (the
 * signature's timestamp is the real time of sending) and started only while the lease is held; its
 * outcome is written with the next attempt's start, or by `finish` when there is none.
 */
export function deliverySender(db: PrismaClient, lease: AttemptLease, recorder = attemptRecorder(db, lease)) {
  let unwritten: SentAttempt | null = null;
  return {
    /** One attempt; null when the claim no longer holds the delivery (nothing is sent). */
    async attempt(delivery: ClaimedDelivery): Promise<AttemptOutcome | null> {
      if (delivery.state !== "PENDING" || delivery.leaseToken !== lease.token) return null;
      const attempt = delivery.attemptCount + 1;
      const keys = signingKeysFor(delivery);
      // Retries follow the receiver's current configuration, so a corrected URL takes effect.
      const url = currentCallbackUrl(delivery);
      const startedAt = new Date();
      const signed = keys ? signCallback(delivery.payload as Record<string, unknown>, keys, unixSeconds(startedAt), { id: delivery.id, attempt, requestId: delivery.requestId }) : null;
      const previous = unwritten;
      unwritten = null;
      const attemptId = await recorder.start({ deliveryId: delivery.id, attempt, url, headers: signed?.headers ?? {}, body: signed?.body ?? "", startedAt }, previous);
      if (attemptId === null) return null;
      const result: PostResult = signed ? await postCallback(url, signed.headers, signed.body) : { statusCode: null, body: "", error: "the receiver no longer exists", durationMs: 0 };
      const ok = acknowledged(delivery, result);
      const delay = ok ? null : nextRetryDelay(attempt - delivery.scheduleStart);
      const state: DeliveryState = ok ? "DELIVERED" : delay === null ? "EXHAUSTED" : "PENDING";
      const nextAttemptAt = new Date(lease.now.getTime() + (delay ?? 0));
      const error = ok ? null : (result.error ?? `HTTP ${result.statusCode}${delivery.kind === "DEALER_CARD" && result.statusCode === 200 ? " without success true" : ""}`);
      unwritten = { attemptId, ok, state, nextAttemptAt, error, result };
      logger.info({ delivery_id: delivery.id, request_id: delivery.requestId, tracking_code: delivery.trackingCode, attempt, state, status_code: result.statusCode, duration_ms: result.durationMs, error }, "callback attempt");
      return { deliveryId: delivery.id, state, attempt, nextAttemptAt, statusCode: result.statusCode };
    },
    /** Writes the last attempt's outcome. */
    async finish(): Promise<void> {
      if (!unwritten) return;
      const last = unwritten;
      unwritten = null;
      await recorder.record(last);
    },
  };
}

/** One attempt of a claimed delivery, its outcome written before this returns. */
export async function attemptDelivery(db: PrismaClient, delivery: ClaimedDelivery, lease: AttemptLease): Promise<AttemptOutcome | null> {
  const sender = deliverySender(db, lease);
  const outcome = await sender.attempt(delivery);
  await sender.finish();
  return outcome;
}
