import type { PrismaClient } from "@/lib/generated/prisma/client";
import {
  prepareAttempt,
  sendStarted,
  type AttemptLease,
  type AttemptOutcome,
  type LeasedDelivery,
  type StartedSend,
} from "./attempt-delivery";
import { attemptRecorder } from "./attempt-records";
import type { ClaimedDelivery } from "./claimed-deliveries";

/**
 * Attempts are started ahead of the senders only while sends are quick (the recent POSTs' mean under this):
 * then a sender goes from one POST to the next without waiting for the database. With slow receivers each
 * start is made when a sender is free, as the lease's fence was always checked: a start made ahead would wait
 * a whole slow send before going out.
 */
const START_AHEAD_BELOW_MS = 250;
/**
 * Attempts started ahead, per sender. One statement is in flight at a time and takes as long as several
 * quick sends, so each sender needs more than one in hand to never wait for it. Alternating runs at 16
 * senders (docs/performance.md, round eight): with 2 the POST was 52-56% of a sender's cycle, with 4 66-67%,
 * for the same deliveries a second. An attempt waits at most a few quick sends before going out, far inside
 * the lease its start took.
 */
const AHEAD_PER_SENDER = 4;

export type PipelineOptions = {
  /** The clock of every lease in the pipeline: the starts' lease extensions are read from it. */
  clock: () => Date;
  concurrency: number;
  deliveries: LeasedDelivery[];
  /** The next claim's deliveries, asked for when every delivery in hand is started; null: no more claims. */
  claimMore?: () => Promise<LeasedDelivery[] | null>;
};

/**
 * `concurrency` senders work through claimed deliveries. Starts (each fenced by its claim's lease, logged in
 * flight before anything goes out) are written in shared statements ahead of the senders while sends are
 * quick, and each outcome is written behind its send, with the next starts; the next claim is taken while
 * the last deliveries in hand are being sent. A sender that has a started attempt never waits for the
 * database. A failure (the database gone) stops every sender and fails the pipeline once they have stopped.
 */
export async function runDeliveryPipeline(db: PrismaClient, options: PipelineOptions): Promise<AttemptOutcome[]> {
  const { concurrency, claimMore } = options;
  const recorder = attemptRecorder(db, options.clock);
  const queue = [...options.deliveries];
  const ready: StartedSend[] = [];
  const outcomes: AttemptOutcome[] = [];
  const records: Promise<void>[] = [];
  let starting = 0;
  let claiming = false;
  let claimsOver = !claimMore;
  let failure: { error: unknown } | null = null;
  let postMsMean: number | null = null;
  let wakeSenders: (() => void)[] = [];

  const wake = () => {
    const waiting = wakeSenders;
    wakeSenders = [];
    for (const resolve of waiting) resolve();
  };
  const fail = (error: unknown) => {
    failure ??= { error };
    wake();
  };

  /** Starts an attempt; one started `ahead` waits in `ready` for the first free sender. */
  const start = async (leased: LeasedDelivery, ahead = false): Promise<StartedSend | null> => {
    const prepared = prepareAttempt(leased);
    if (!prepared) return null;
    starting++;
    try {
      const recorded = await recorder.start(prepared.start, leased.lease.token);
      const started = recorded && { ...prepared, ...recorded };
      if (ahead && started) ready.push(started);
      return started;
    } finally {
      starting--;
      // Senders waiting for starts in flight look again: this one may be theirs, or none may be left.
      wake();
    }
  };

  const claimAhead = () => {
    if (claimsOver || claiming || queue.length > 0 || failure) return;
    claiming = true;
    claimMore!()
      .then((more) => (more === null ? (claimsOver = true) : queue.push(...more)), fail)
      .finally(() => {
        claiming = false;
        startAhead();
        wake();
      });
  };

  const startAhead = () => {
    const quick = postMsMean !== null && postMsMean < START_AHEAD_BELOW_MS;
    while (quick && !failure && queue.length > 0 && ready.length + starting < concurrency * AHEAD_PER_SENDER) {
      void start(queue.shift()!, true).catch(fail);
    }
    claimAhead();
  };

  /** A started attempt for a free sender: one made ahead, else one started now; null when none is left. */
  const next = async (): Promise<StartedSend | null> => {
    for (;;) {
      if (failure) return null;
      const made = ready.shift();
      if (made) return made;
      const leased = queue.shift();
      if (leased) {
        const started = await start(leased);
        if (started) return started;
        continue;
      }
      claimAhead();
      if (starting === 0 && !claiming) return null;
      await new Promise<void>((resolve) => wakeSenders.push(resolve));
    }
  };

  const sender = async () => {
    try {
      for (let item = await next(); item; item = await next()) {
        startAhead();
        const { outcome, record, postMs } = await sendStarted(item);
        if (postMs !== null) postMsMean = postMsMean === null ? postMs : postMsMean * 0.8 + postMs * 0.2;
        outcomes.push(outcome);
        // Written behind: the sender goes on to its next attempt at once.
        records.push(recorder.record(record, item.lease.token).catch(fail));
      }
    } catch (error) {
      fail(error);
    }
  };

  const senders = claimMore ? concurrency : Math.min(concurrency, queue.length);
  await Promise.all(Array.from({ length: senders }, sender));
  await Promise.all(records);
  if (failure) throw (failure as { error: unknown }).error;
  return outcomes;
}

/** One attempt of a claimed delivery, its outcome written before this returns. */
export async function attemptDelivery(
  db: PrismaClient,
  delivery: ClaimedDelivery,
  lease: AttemptLease,
): Promise<AttemptOutcome | null> {
  const [outcome] = await runDeliveryPipeline(db, {
    clock: lease.clock,
    concurrency: 1,
    deliveries: [{ delivery, lease }],
  });
  return outcome ?? null;
}
