import type { CallbackDelivery, DeliveryState, PrismaClient } from "@/lib/generated/prisma/client";
import { unixSeconds } from "@/lib/time/format";
import { callbackTarget } from "./callback-target";
import { postCallback, type PostResult } from "./post-callback";
import { nextRetryDelay } from "./retry-schedule";
import { signCallback } from "./sign-callback";
import { signingKeysFor } from "./signing-keys";

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

async function currentUrl(db: PrismaClient, delivery: CallbackDelivery): Promise<string> {
  if (delivery.kind === "TEST") return delivery.url;
  // Retries follow the receiver's current configuration, so a corrected URL takes effect.
  return (await callbackTarget(db, delivery.kind, delivery)).url ?? "";
}

/**
 * One signed attempt of a claimed delivery, recorded with its outcome. `now` drives the schedule (tests
 * pass a controllable clock); the signature's timestamp is always the real time of sending.
 */
export async function attemptDelivery(db: PrismaClient, deliveryId: number, runnerId: string, now: Date): Promise<AttemptOutcome | null> {
  const delivery = await db.callbackDelivery.findUnique({ where: { id: deliveryId } });
  if (!delivery || delivery.state !== "PENDING" || delivery.lockedBy !== runnerId) return null;
  const attempt = delivery.attemptCount + 1;
  const keys = await signingKeysFor(db, delivery);
  const url = await currentUrl(db, delivery);
  const startedAt = new Date();
  const signed = keys ? signCallback(delivery.payload as Record<string, unknown>, keys, unixSeconds(startedAt), { id: delivery.id, attempt }) : null;
  const result: PostResult = signed ? await postCallback(url, signed.headers, signed.body) : { statusCode: null, body: "", error: "the receiver no longer exists", durationMs: 0 };
  const ok = acknowledged(delivery, result);
  const delay = ok ? null : nextRetryDelay(attempt - delivery.scheduleStart);
  const state: DeliveryState = ok ? "DELIVERED" : delay === null ? "EXHAUSTED" : "PENDING";
  const nextAttemptAt = new Date(now.getTime() + (delay ?? 0));
  const error = ok ? null : (result.error ?? `HTTP ${result.statusCode}${delivery.kind === "DEALER_CARD" && result.statusCode === 200 ? " without success true" : ""}`);
  await db.$transaction(async (tx) => {
    const { count } = await tx.callbackDelivery.updateMany({
      where: { id: delivery.id, lockedBy: runnerId, attemptCount: delivery.attemptCount },
      data: { attemptCount: attempt, state, nextAttemptAt, url, lastError: error, deliveredAt: ok ? new Date() : null, lockedBy: null, lockedUntil: null },
    });
    if (count === 0) return;
    await tx.callbackAttempt.create({
      data: {
        deliveryId: delivery.id,
        attemptNumber: attempt,
        startedAt,
        durationMs: result.durationMs,
        requestHeaders: signed?.headers ?? {},
        requestBody: signed?.body ?? "",
        statusCode: result.statusCode,
        responseExcerpt: result.body || null,
        error,
        succeeded: ok,
      },
    });
  });
  return { deliveryId: delivery.id, state, attempt, nextAttemptAt, statusCode: result.statusCode };
}
