import { Prisma, type DeliveryState, type PrismaClient } from "@/lib/generated/prisma/client";
import { queryOn } from "@/lib/base/db/prisma";
import { SEND_LEASE_MS } from "./claim-deliveries";
import type { PostResult } from "./post-callback";

const IN_FLIGHT = "in flight: no answer recorded yet";
const INTERRUPTED = "interrupted: the sender stopped before recording an answer";

/** An attempt to start: the delivery, the attempt number it becomes, and what goes out. */
export type AttemptStart = {
  deliveryId: number;
  attempt: number;
  url: string;
  headers: Record<string, string>;
  body: string;
  startedAt: Date;
};

/** An attempt that went out and whose outcome is still to be written. */
export type SentAttempt = {
  attemptId: number;
  ok: boolean;
  state: DeliveryState;
  nextAttemptAt: Date;
  error: string | null;
  result: PostResult;
};

/** A started attempt: its log id and when the lease its start took runs out (by the lease's clock). */
export type StartedAttempt = { attemptId: number; leaseUntil: Date };
/** The token of the claim a start or an outcome belongs to: one recorder serves several claims of a runner. */
type Claimed<T> = T & { token: string };

type Waiter = {
  start: Claimed<AttemptStart> | null;
  outcome: Claimed<SentAttempt> | null;
  resolve: (started: StartedAttempt | null) => void;
  reject: (error: unknown) => void;
};

/**
 * Writes outcomes (`logged`, `settled`) and starts attempts (`started`, `interrupted`, the insert) for many
 * senders in one statement. Each start is fenced row by row: it happens only while this claim still holds
 * that delivery's lease, is still pending and has the attempt count the sender saw; its lease is extended
 * over the whole send and the attempt is logged as in flight before anything goes out. Each outcome is
 * logged whatever became of the lease; the delivery's state is set only under the lease that started the
 * attempt, except that an acknowledged send always marks it delivered (that is a fact). A failure never
 * undoes a delivery. Each row carries its own claim's token: the claims of one runner share the statement.
 */
async function writeBatch(
  db: PrismaClient,
  clock: () => Date,
  starts: Claimed<AttemptStart>[],
  outcomes: Claimed<SentAttempt>[],
): Promise<{ started: Map<number, number>; leaseUntil: Date }> {
  const at = clock();
  const leaseUntil = new Date(at.getTime() + SEND_LEASE_MS);
  const o = {
    ids: outcomes.map((x) => x.attemptId),
    token: outcomes.map((x) => x.token),
    ok: outcomes.map((x) => x.ok),
    state: outcomes.map((x) => x.state),
    next: outcomes.map((x) => x.nextAttemptAt.toISOString()),
    error: outcomes.map((x) => x.error),
    duration: outcomes.map((x) => x.result.durationMs),
    code: outcomes.map((x) => x.result.statusCode),
    excerpt: outcomes.map((x) => x.result.body || null),
  };
  const s = {
    ids: starts.map((x) => x.deliveryId),
    token: starts.map((x) => x.token),
    attempt: starts.map((x) => x.attempt),
    url: starts.map((x) => x.url),
    headers: starts.map((x) => JSON.stringify(x.headers)),
    body: starts.map((x) => x.body),
    startedAt: starts.map((x) => x.startedAt.toISOString()),
  };
  const rows = await queryOn<{ id: number; delivery_id: number }>(
    db,
    Prisma.sql`
    WITH o AS (
      SELECT * FROM unnest(${o.ids}::int[], ${o.token}::text[], ${o.ok}::boolean[], ${o.state}::text[],
        ${o.next}::timestamptz[], ${o.error}::text[], ${o.duration}::int[],
        ${o.code}::int[], ${o.excerpt}::text[]) AS o(attempt_id, token, ok, state, next_at, error, duration_ms,
          status_code, excerpt)),
    logged AS (
      UPDATE callback_attempts a
      SET duration_ms = o.duration_ms, status_code = o.status_code, response_excerpt = o.excerpt, error = o.error,
        succeeded = o.ok, in_flight = false
      FROM o WHERE a.id = o.attempt_id
      RETURNING a.delivery_id, o.token, o.ok, o.state, o.next_at, o.error),
    settled AS (
      UPDATE callback_deliveries d
      SET state = CASE WHEN d.lease_token IS DISTINCT FROM logged.token OR d.state = 'DELIVERED' THEN 'DELIVERED'
        ELSE logged.state::"DeliveryState" END,
          next_attempt_at = CASE WHEN d.lease_token = logged.token THEN logged.next_at ELSE d.next_attempt_at END,
          last_error = CASE WHEN d.lease_token = logged.token THEN logged.error ELSE d.last_error END,
          delivered_at = CASE WHEN logged.ok THEN now() WHEN d.lease_token = logged.token AND d.state <>
            'DELIVERED' THEN NULL ELSE d.delivered_at END,
          locked_by = CASE WHEN d.lease_token = logged.token THEN NULL ELSE d.locked_by END,
          locked_until = CASE WHEN d.lease_token = logged.token THEN NULL ELSE d.locked_until END,
          lease_token = CASE WHEN d.lease_token = logged.token THEN NULL ELSE d.lease_token END,
          updated_at = now()
      FROM logged
      WHERE d.id = logged.delivery_id AND (d.lease_token = logged.token OR (logged.ok AND d.state = 'PENDING'))
      RETURNING d.id),
    s AS (
      SELECT * FROM unnest(${s.ids}::int[], ${s.token}::text[], ${s.attempt}::int[], ${s.url}::text[],
        ${s.headers}::text[], ${s.body}::text[], ${s.startedAt}::timestamptz[])
        AS s(delivery_id, token, attempt, url, headers, body, started_at)),
    started AS (
      UPDATE callback_deliveries d
      SET attempt_count = s.attempt, url = s.url, locked_until = GREATEST(d.locked_until, ${leaseUntil}),
        updated_at = now()
      FROM s
      WHERE d.id = s.delivery_id AND d.lease_token = s.token AND d.locked_until > ${at} AND d.state =
        'PENDING' AND d.attempt_count = s.attempt - 1
      RETURNING d.id, s.attempt, s.headers, s.body, s.started_at),
    interrupted AS (
      UPDATE callback_attempts SET in_flight = false, error = ${INTERRUPTED}
      WHERE delivery_id IN (SELECT id FROM started) AND in_flight)
    INSERT INTO callback_attempts (delivery_id, attempt_number, started_at, duration_ms, request_headers,
      request_body, error, succeeded, in_flight)
    SELECT id, attempt, started_at, 0, headers::jsonb, body, ${IN_FLIGHT}, false, true
    FROM started
    RETURNING id, delivery_id`,
    "pis_attempt_batch",
  );
  return { started: new Map(rows.map((r) => [r.delivery_id, r.id])), leaseUntil };
}

/**
 * The attempt records of a runner's claims, shared by its senders: what they ask for while a statement is in
 * flight is written together by the next one, so a busy runner pays one statement for many attempts instead
 * of one per attempt. A start is awaited before anything is sent; an outcome need not be (it is written
 * behind the sends, and `record`'s promise says when).
 */
export function attemptRecorder(db: PrismaClient, clock: () => Date) {
  let queue: Waiter[] = [];
  let writing = false;

  const flush = async () => {
    if (writing || queue.length === 0) return;
    writing = true;
    const batch = queue;
    queue = [];
    try {
      const starts = batch.flatMap((w) => (w.start ? [w.start] : []));
      const outcomes = batch.flatMap((w) => (w.outcome ? [w.outcome] : []));
      const { started, leaseUntil } = await writeBatch(db, clock, starts, outcomes);
      for (const w of batch) {
        const attemptId = w.start ? started.get(w.start.deliveryId) : undefined;
        w.resolve(attemptId === undefined ? null : { attemptId, leaseUntil });
      }
    } catch (error) {
      for (const w of batch) w.reject(error);
    } finally {
      writing = false;
      void flush();
    }
  };

  const enqueue = (start: Claimed<AttemptStart> | null, outcome: Claimed<SentAttempt> | null) =>
    new Promise<StartedAttempt | null>((resolve, reject) => {
      queue.push({ start, outcome, resolve, reject });
      // Senders asking in the same turn of the event loop share the statement.
      setImmediate(() => void flush());
    });

  return {
    /** Starts an attempt under the claim `token`: its log id and lease, or null when the claim no longer holds it. */
    start: (start: AttemptStart, token: string) => enqueue({ ...start, token }, null),
    /** Writes an attempt's outcome under the claim `token` that started it. */
    record: async (outcome: SentAttempt, token: string) => void (await enqueue(null, { ...outcome, token })),
  };
}
