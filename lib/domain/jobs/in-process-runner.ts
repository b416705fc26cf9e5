import { prisma } from "@/lib/base/db/prisma";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { deliverDueCallbacks } from "./deliver-due-callbacks";
import { expireDueTransactions } from "./expire-transactions";
import { pruneExpiredRecords } from "./prune-expired-records";
import { resubmitUnsentWithdrawals } from "@/lib/domain/third-party/submit-withdrawal-to-gateway";
import { resubmitUnsentTransfers } from "@/lib/domain/transfers/submit-transfer";
import { beat } from "./runner-heartbeat";
import { runnerId } from "./runner-id";
import { setRunnerWake } from "@/lib/domain/outbox/runner-signal";

export type InProcessRunner = { stop: () => Promise<void> };

const HOUSEKEEPING_MS = 15_000;

/**
 * Without Inngest, the same job logic runs here: a loop that expires overdue transactions and delivers
 * due callbacks, woken at once when a request enqueues one, and every `pollMs` otherwise. Claims are
 * leased in the database, so several app instances share the work without double-sending.
 */
export function startInProcessRunner(options: { db?: PrismaClient; pollMs?: number; log?: (line: string) => void } = {}): InProcessRunner {
  const db = options.db ?? prisma;
  const pollMs = options.pollMs ?? Number(process.env.JOB_POLL_INTERVAL_MS || 1000);
  let stopping = false;
  let lastHousekeeping = 0;
  let wake: (() => void) | undefined;
  const idle = () => new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, pollMs);
    wake = () => {
      clearTimeout(timer);
      resolve();
    };
  });

  const loop = async () => {
    while (!stopping) {
      beat();
      let busy = false;
      try {
        const now = new Date();
        const expired = await expireDueTransactions(db, now);
        const batch = await deliverDueCallbacks(db, { now, runnerId: runnerId() });
        busy = expired.length > 0 || batch.full;
        if (now.getTime() - lastHousekeeping > HOUSEKEEPING_MS) {
          lastHousekeeping = now.getTime();
          await resubmitUnsentTransfers(now);
          await resubmitUnsentWithdrawals(now);
          await pruneExpiredRecords(now);
        }
        beat(true);
      } catch (error) {
        // /api/ready reports the runner failing until a tick succeeds again.
        beat(false);
        options.log?.(JSON.stringify({ level: "error", msg: "job runner tick failed", err: String(error) }));
      }
      if (!busy && !stopping) await idle();
    }
  };

  setRunnerWake(() => wake?.());
  const running = loop();
  return {
    // Finishes the batch in hand (claimed deliveries are attempted and recorded), then returns.
    stop: async () => {
      stopping = true;
      setRunnerWake(undefined);
      wake?.();
      await running;
    },
  };
}
