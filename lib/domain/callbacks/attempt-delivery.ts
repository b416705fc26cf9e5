import { Prisma, type CallbackDelivery, type DeliveryState, type PrismaClient } from "@/lib/generated/prisma/client";
import { logger } from "@/lib/base/observability/logger";
import { unixSeconds } from "@/lib/base/time/format";
import { currentCallbackUrl } from "./callback-target";
import { SEND_LEASE_MS } from "./claim-deliveries";
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

const IN_FLIGHT = "in flight: no answer recorded yet";
const INTERRUPTED = "interrupted: the sender stopped before recording an answer";

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

/** An attempt that went out and whose outcome is still to be written. */
type SentAttempt = { attemptId: number; token: string; ok: boolean; state: DeliveryState; nextAttemptAt: Date; error: string | null; result: PostResult };

/**
 * Writes a sent attempt's outcome (two CTEs, `logged` and `settled`) into its log entry whatever became of
 * the lease: what reached the network is always logged. The delivery's state is set only under the lease
 * that started the attempt; a sender whose lease moved on still marks the delivery delivered when its
 * receiver acknowledged (that is a fact), and otherwise leaves the delivery to the runner holding it now.
 * A failure never undoes a delivery.
 */
function outcomeSql({ attemptId, token, ok, state, nextAttemptAt, error, result }: SentAttempt): Prisma.Sql {
  return Prisma.sql`
    logged AS (
      UPDATE callback_attempts
      SET duration_ms = ${result.durationMs}, status_code = ${result.statusCode}, response_excerpt = ${result.body || null}, error = ${error}, succeeded = ${ok}, in_flight = false
      WHERE id = ${attemptId}
      RETURNING delivery_id),
    settled AS (
      UPDATE callback_deliveries d
      SET state = CASE WHEN d.lease_token IS DISTINCT FROM ${token} OR d.state = 'DELIVERED' THEN 'DELIVERED' ELSE ${state}::"DeliveryState" END,
          next_attempt_at = CASE WHEN d.lease_token = ${token} THEN ${nextAttemptAt} ELSE d.next_attempt_at END,
          last_error = CASE WHEN d.lease_token = ${token} THEN ${error} ELSE d.last_error END,
          delivered_at = CASE WHEN ${ok} THEN ${new Date()} WHEN d.lease_token = ${token} AND d.state <> 'DELIVERED' THEN NULL ELSE d.delivered_at END,
          locked_by = CASE WHEN d.lease_token = ${token} THEN NULL ELSE d.locked_by END,
          locked_until = CASE WHEN d.lease_token = ${token} THEN NULL ELSE d.locked_until END,
          lease_token = CASE WHEN d.lease_token = ${token} THEN NULL ELSE d.lease_token END,
          updated_at = now()
      FROM logged
      WHERE d.id = logged.delivery_id AND (d.lease_token = ${token} OR (${ok} AND d.state = 'PENDING'))
      RETURNING d.id)`;
}

type Start = { delivery: ClaimedDelivery; attempt: number; url: string; signed: { headers: Record<string, string>; body: string } | null; startedAt: Date };

/**
 * Starts an attempt only if this claim still holds the delivery's lease: one statement checks the lease,
 * extends it over the whole send, counts the attempt and logs it as in flight (so an attempt whose sender
 * dies mid-send is still in the log); attempts an earlier sender left in flight are marked interrupted.
 * The same statement writes the outcome of this sender's previous attempt, so a busy sender costs one
 * statement per attempt. Returns the attempt's log id, or null when the lease is gone: nothing is sent.
 */
async function startAttempt(db: PrismaClient, lease: AttemptLease, { delivery, attempt, url, signed, startedAt }: Start, previous: SentAttempt | null) {
  const at = lease.clock();
  const [row] = await db.$queryRaw<{ id: number }[]>`
    WITH ${previous ? Prisma.sql`${outcomeSql(previous)},` : Prisma.empty}
    started AS (
      UPDATE callback_deliveries
      SET attempt_count = ${attempt}, url = ${url}, locked_until = GREATEST(locked_until, ${new Date(at.getTime() + SEND_LEASE_MS)}), updated_at = now()
      WHERE id = ${delivery.id} AND lease_token = ${lease.token} AND locked_until > ${at} AND state = 'PENDING' AND attempt_count = ${attempt - 1}
      RETURNING id),
    interrupted AS (
      UPDATE callback_attempts SET in_flight = false, error = ${INTERRUPTED}
      WHERE delivery_id = (SELECT id FROM started) AND in_flight)
    INSERT INTO callback_attempts (delivery_id, attempt_number, started_at, duration_ms, request_headers, request_body, error, succeeded, in_flight)
    SELECT id, ${attempt}, ${startedAt}, 0, ${JSON.stringify(signed?.headers ?? {})}::jsonb, ${signed?.body ?? ""}, ${IN_FLIGHT}, false, true
    FROM started
    RETURNING id`;
  return row?.id ?? null;
}

/**
 * Sends claimed deliveries one after another under one lease. Each attempt is signed afresh (the
 * signature's timestamp is the real time of sending) and started only while the lease is held; its
 * outcome is written with the next attempt's start, or by `finish` when there is none.
 */
export function deliverySender(db: PrismaClient, lease: AttemptLease) {
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
      const attemptId = await startAttempt(db, lease, { delivery, attempt, url, signed, startedAt }, unwritten);
      unwritten = null;
      if (attemptId === null) return null;
      const result: PostResult = signed ? await postCallback(url, signed.headers, signed.body) : { statusCode: null, body: "", error: "the receiver no longer exists", durationMs: 0 };
      const ok = acknowledged(delivery, result);
      const delay = ok ? null : nextRetryDelay(attempt - delivery.scheduleStart);
      const state: DeliveryState = ok ? "DELIVERED" : delay === null ? "EXHAUSTED" : "PENDING";
      const nextAttemptAt = new Date(lease.now.getTime() + (delay ?? 0));
      const error = ok ? null : (result.error ?? `HTTP ${result.statusCode}${delivery.kind === "DEALER_CARD" && result.statusCode === 200 ? " without success true" : ""}`);
      unwritten = { attemptId, token: lease.token, ok, state, nextAttemptAt, error, result };
      logger.info({ delivery_id: delivery.id, request_id: delivery.requestId, tracking_code: delivery.trackingCode, attempt, state, status_code: result.statusCode, duration_ms: result.durationMs, error }, "callback attempt");
      return { deliveryId: delivery.id, state, attempt, nextAttemptAt, statusCode: result.statusCode };
    },
    /** Writes the last attempt's outcome. */
    async finish(): Promise<void> {
      if (!unwritten) return;
      const last = unwritten;
      unwritten = null;
      await db.$executeRaw`WITH ${outcomeSql(last)} SELECT count(*) FROM settled`;
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
