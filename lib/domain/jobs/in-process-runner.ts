import { prisma } from "@/lib/base/db/prisma";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { deliverDueCallbacks } from "./deliver-due-callbacks";
import { expireDueTransactions } from "./expire-transactions";
import { HOUSEKEEPING_TASKS } from "./housekeeping";
import { HOUSEKEEPING_ASK_MS, runHousekeepingRound } from "./housekeeping-round";
import { beat } from "./runner-heartbeat";
import { runnerId } from "./runner-id";
import { DUE_WORK_CHANNEL, setRunnerWake } from "@/lib/domain/outbox/runner-signal";
import { listen } from "@/lib/base/db/listen";
import { directDatabaseUrl } from "@/lib/base/db/connection-settings";
import { config } from "@/lib/base/config/env";

export type InProcessRunner = { stop: () => Promise<void> };

/**
 * Without Inngest, the same job logic runs here: a loop that expires overdue transactions and delivers
 * due callbacks, woken at once when a request in this process enqueues one (or another process, the admin
 * CLI, announces one on the database's DUE_WORK_CHANNEL), and every `pollMs` otherwise. Claims are
 * leased in the database, so several app instances share the work without double-sending; each housekeeping
 * task is claimed per slot, so one process of the fleet runs it (housekeeping-round.ts).
 */
export function startInProcessRunner(
  options: { db?: PrismaClient; databaseUrl?: string; pollMs?: number; log?: (line: string) => void } = {},
): InProcessRunner {
  const db = options.db ?? prisma;
  const pollMs = options.pollMs ?? config().JOB_POLL_INTERVAL_MS ?? 1000;
  let stopping = false;
  let lastHousekeeping = 0;
  // A wake that comes while a tick runs is kept, so the tick that follows starts at once instead of idling.
  let woken = false;
  let wakeIdle: (() => void) | undefined;
  const wake = () => {
    woken = true;
    wakeIdle?.();
  };
  const idle = () =>
    new Promise<void>((resolve) => {
      if (woken) return resolve();
      const timer = setTimeout(resolve, pollMs);
      wakeIdle = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const loop = async () => {
    while (!stopping) {
      beat();
      woken = false;
      wakeIdle = undefined;
      let busy = false;
      try {
        const now = new Date();
        const expired = await expireDueTransactions(db, now);
        const batch = await deliverDueCallbacks(db, { now, runnerId: runnerId() });
        busy = expired.length > 0 || batch.full;
        if (now.getTime() - lastHousekeeping >= HOUSEKEEPING_ASK_MS) {
          lastHousekeeping = now.getTime();
          await runHousekeepingRound(db, HOUSEKEEPING_TASKS, now);
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

  setRunnerWake(wake);
  // LISTEN needs a session of its own: the direct connection, never a transaction-mode pooler.
  const databaseUrl = options.databaseUrl ?? directDatabaseUrl();
  const listener = databaseUrl
    ? listen(databaseUrl, DUE_WORK_CHANNEL, wake, (error) =>
        options.log?.(
          JSON.stringify({
            level: "warn",
            msg: "due-work listener lost its connection; polling until it is back",
            err: String(error),
          }),
        ),
      )
    : null;
  const running = loop();
  return {
    // Finishes the batch in hand (claimed deliveries are attempted and recorded), then returns.
    stop: async () => {
      stopping = true;
      setRunnerWake(undefined);
      wake();
      await running;
      await listener?.stop();
    },
  };
}
