import type { CallbackDelivery, DeliveryState } from "@/lib/generated/prisma/client";
import { logger } from "@/lib/base/observability/logger";
import { unixSeconds } from "@/lib/base/time/format";
import { currentCallbackUrl } from "./callback-target";
import type { AttemptStart, SentAttempt, StartedAttempt } from "./attempt-records";
import type { ClaimedDelivery } from "./claimed-deliveries";
import { CALLBACK_TIMEOUT_MS, postCallback, type PostResult } from "./post-callback";
import { nextRetryDelay } from "./retry-schedule";
import { signCallback } from "./sign-callback";
import { signingKeysFor } from "./signing-keys";

/**
 * A send is started only if the lease its start took still covers the whole send deadline and the time to
 * record the answer. A runner starved of CPU (or kept waiting by the database) can get its start back late;
 * sending then could outlast the lease, and the runner that takes the delivery over would send it again.
 */
const RECORD_MARGIN_MS = 10_000;
const NOT_SENT_LATE = "not sent: the runner fell behind its lease before sending";

function leaseTooShort(leaseUntil: Date, lease: AttemptLease): boolean {
  return lease.clock().getTime() + CALLBACK_TIMEOUT_MS + RECORD_MARGIN_MS > leaseUntil.getTime();
}

export type AttemptOutcome = {
  deliveryId: number;
  state: DeliveryState;
  attempt: number;
  nextAttemptAt: Date;
  statusCode: number | null;
};

/**
 * The claim an attempt runs under: its token, `now` when it was claimed (the retry schedule counts from
 * it; tests pass a controllable clock) and the claim's clock, `now` moving on in real time.
 */
export type AttemptLease = { token: string; now: Date; clock: () => Date };

export function attemptLease(token: string, now: Date): AttemptLease {
  const started = Date.now();
  return { token, now, clock: () => new Date(now.getTime() + Date.now() - started) };
}

function acknowledged(delivery: Pick<CallbackDelivery, "kind">, result: PostResult): boolean {
  if (result.statusCode !== 200) return false;
  if (delivery.kind !== "DEALER_CARD") return true;
  // The dealer document asks for HTTP 200 and a JSON body whose success is true.
  try {
    return (JSON.parse(result.body) as { success?: unknown }).success === true;
  } catch {
    return false;
  }
}

/** A claimed delivery and the lease of the claim that took it. */
export type LeasedDelivery = { delivery: ClaimedDelivery; lease: AttemptLease };

/** An attempt ready to start: what its start record logs is exactly what goes out. */
export type PreparedAttempt = LeasedDelivery & {
  start: AttemptStart;
  signed: { headers: Record<string, string>; body: string } | null;
};

/** An attempt whose start is recorded: it may be sent. */
export type StartedSend = PreparedAttempt & StartedAttempt;

/**
 * The next attempt of a claimed delivery, signed afresh (the signature's timestamp is the real time it is made
 * ready); null when the claim does not hold the delivery (nothing is started or sent).
 */
export function prepareAttempt({ delivery, lease }: LeasedDelivery): PreparedAttempt | null {
  if (delivery.state !== "PENDING" || delivery.leaseToken !== lease.token) return null;
  const attempt = delivery.attemptCount + 1;
  const keys = signingKeysFor(delivery);
  // Retries follow the receiver's current configuration, so a corrected URL takes effect.
  const url = currentCallbackUrl(delivery);
  const startedAt = new Date();
  const signed = keys
    ? signCallback(delivery.payload as Record<string, unknown>, keys, unixSeconds(startedAt), {
        id: delivery.id,
        attempt,
        requestId: delivery.requestId,
      })
    : null;
  const start = { deliveryId: delivery.id, attempt, url, headers: signed?.headers ?? {}, body: signed?.body ?? "" };
  return { delivery, lease, signed, start: { ...start, startedAt } };
}

/** What sending a started attempt came to: its outcome, the record to write, and the POST's time if one went out. */
export type SendResult = { outcome: AttemptOutcome; record: SentAttempt; postMs: number | null };

/**
 * Sends a started attempt, unless the lease its start took no longer covers the send and its record (checked
 * by the lease's clock just before sending), and works out the delivery's next state.
 */
export async function sendStarted(item: StartedSend): Promise<SendResult> {
  const { delivery, lease, signed, start } = item;
  const posting = signed !== null && !leaseTooShort(item.leaseUntil, lease);
  const result: PostResult = !signed
    ? { statusCode: null, body: "", error: "the receiver no longer exists", durationMs: 0 }
    : !posting
      ? { statusCode: null, body: "", error: NOT_SENT_LATE, durationMs: 0 }
      : await postCallback(start.url, signed.headers, signed.body);
  // Not sent because this runner fell behind its lease: due again at once, for whichever runner is on time.
  const late = result.error === NOT_SENT_LATE;
  const ok = acknowledged(delivery, result);
  const delay = ok ? null : late ? 0 : nextRetryDelay(start.attempt - delivery.scheduleStart);
  const state: DeliveryState = ok ? "DELIVERED" : delay === null ? "EXHAUSTED" : "PENDING";
  const nextAttemptAt = new Date(lease.now.getTime() + (delay ?? 0));
  const unsuccessful = delivery.kind === "DEALER_CARD" && result.statusCode === 200 ? " without success true" : "";
  const error = ok ? null : (result.error ?? `HTTP ${result.statusCode}${unsuccessful}`);
  logger.info(
    {
      delivery_id: delivery.id,
      request_id: delivery.requestId,
      tracking_code: delivery.trackingCode,
      attempt: start.attempt,
      state,
      status_code: result.statusCode,
      duration_ms: result.durationMs,
      error,
    },
    "callback attempt",
  );
  return {
    outcome: { deliveryId: delivery.id, state, attempt: start.attempt, nextAttemptAt, statusCode: result.statusCode },
    record: { attemptId: item.attemptId, ok, state, nextAttemptAt, error, result },
    postMs: posting ? result.durationMs : null,
  };
}
