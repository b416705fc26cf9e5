import { Prisma, type CallbackDelivery, type DeliveryState, type PrismaClient } from "@/lib/generated/prisma/client";
import { queryOn } from "@/lib/base/db/prisma";
import { logger } from "@/lib/base/observability/logger";
import { unixSeconds } from "@/lib/base/time/format";
import { currentCallbackUrl } from "./callback-target";
import { attemptRecorder, type SentAttempt } from "./attempt-records";
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

/** A claimed delivery with what signing and addressing it needs: its receiver's keys and current URLs. */
export type ClaimedDelivery = Pick<
  CallbackDelivery,
  | "id"
  | "kind"
  | "url"
  | "trackingCode"
  | "payload"
  | "state"
  | "attemptCount"
  | "scheduleStart"
  | "leaseToken"
  | "requestId"
> & {
  provider: {
    apiKey: string;
    secretKeyEnc: string;
    depositCallbackUrl: string | null;
    withdrawalCallbackUrl: string | null;
    creditCardCallbackUrl: string | null;
  } | null;
  dealer: { apiKey: string; secretKeyEnc: string; creditCardCallbackUrl: string | null } | null;
};

type ClaimedRow = Omit<ClaimedDelivery, "provider" | "dealer"> & {
  p_api_key: string | null;
  p_secret_key_enc: string;
  p_deposit_url: string | null;
  p_withdrawal_url: string | null;
  p_card_url: string | null;
  d_api_key: string | null;
  d_secret_key_enc: string;
  d_card_url: string | null;
};

/** Claimed deliveries with what signing and addressing them needs, in one statement (on the pool: queryOn). */
export async function loadClaimedDeliveries(db: PrismaClient, ids: number[]): Promise<ClaimedDelivery[]> {
  const rows = await queryOn<ClaimedRow>(
    db,
    Prisma.sql`
    SELECT c.id, c.kind::text AS kind, c.url, c.tracking_code AS "trackingCode", c.payload, c.state::text AS state,
      c.attempt_count AS "attemptCount",
      c.schedule_start AS "scheduleStart", c.lease_token AS "leaseToken", c.request_id AS "requestId",
      p.api_key AS p_api_key, p.secret_key_enc AS p_secret_key_enc, p.deposit_callback_url AS p_deposit_url,
      p.withdrawal_callback_url AS p_withdrawal_url, p.credit_card_callback_url AS p_card_url,
      d.api_key AS d_api_key, d.secret_key_enc AS d_secret_key_enc, d.credit_card_callback_url AS d_card_url
    FROM callback_deliveries c
    LEFT JOIN providers p ON p.id = c.provider_id
    LEFT JOIN dealers d ON d.id = c.dealer_id
    WHERE c.id = ANY(${ids}::int[])
    ORDER BY c.next_attempt_at, c.id`,
    "pis_claimed_deliveries",
  );
  return rows.map(
    ({
      p_api_key,
      p_secret_key_enc,
      p_deposit_url,
      p_withdrawal_url,
      p_card_url,
      d_api_key,
      d_secret_key_enc,
      d_card_url,
      ...delivery
    }) => ({
      ...delivery,
      provider:
        p_api_key === null
          ? null
          : {
              apiKey: p_api_key,
              secretKeyEnc: p_secret_key_enc,
              depositCallbackUrl: p_deposit_url,
              withdrawalCallbackUrl: p_withdrawal_url,
              creditCardCallbackUrl: p_card_url,
            },
      dealer:
        d_api_key === null
          ? null
          : { apiKey: d_api_key, secretKeyEnc: d_secret_key_enc, creditCardCallbackUrl: d_card_url },
    }),
  );
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
      const signed = keys
        ? signCallback(delivery.payload as Record<string, unknown>, keys, unixSeconds(startedAt), {
            id: delivery.id,
            attempt,
            requestId: delivery.requestId,
          })
        : null;
      const previous = unwritten;
      unwritten = null;
      const started = await recorder.start(
        { deliveryId: delivery.id, attempt, url, headers: signed?.headers ?? {}, body: signed?.body ?? "", startedAt },
        previous,
      );
      if (started === null) return null;
      const { attemptId } = started;
      const result: PostResult = !signed
        ? { statusCode: null, body: "", error: "the receiver no longer exists", durationMs: 0 }
        : leaseTooShort(started.leaseUntil, lease)
          ? { statusCode: null, body: "", error: NOT_SENT_LATE, durationMs: 0 }
          : await postCallback(url, signed.headers, signed.body);
      // Not sent because this runner fell behind its lease: due again at once, for whichever runner is on time.
      const late = result.error === NOT_SENT_LATE;
      const ok = acknowledged(delivery, result);
      const delay = ok ? null : late ? 0 : nextRetryDelay(attempt - delivery.scheduleStart);
      const state: DeliveryState = ok ? "DELIVERED" : delay === null ? "EXHAUSTED" : "PENDING";
      const nextAttemptAt = new Date(lease.now.getTime() + (delay ?? 0));
      const unsuccessful = delivery.kind === "DEALER_CARD" && result.statusCode === 200 ? " without success true" : "";
      const error = ok ? null : (result.error ?? `HTTP ${result.statusCode}${unsuccessful}`);
      unwritten = { attemptId, ok, state, nextAttemptAt, error, result };
      logger.info(
        {
          delivery_id: delivery.id,
          request_id: delivery.requestId,
          tracking_code: delivery.trackingCode,
          attempt,
          state,
          status_code: result.statusCode,
          duration_ms: result.durationMs,
          error,
        },
        "callback attempt",
      );
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
export async function attemptDelivery(
  db: PrismaClient,
  delivery: ClaimedDelivery,
  lease: AttemptLease,
): Promise<AttemptOutcome | null> {
  const sender = deliverySender(db, lease);
  const outcome = await sender.attempt(delivery);
  await sender.finish();
  return outcome;
}
