import type { Db } from "@/lib/base/db/prisma";

// Route handlers (bundled by Next) and the in-process runner (loaded by scripts/server.ts) are separate
// module instances in one process; globalThis is what they share.
const key = Symbol.for("pis.in-process-runner.wake");

type Holder = { [key]?: () => void };

/** The PostgreSQL channel on which in-process runners listen for due work announced by other processes. */
export const DUE_WORK_CHANNEL = "pis_due_work";

export function setRunnerWake(wake: (() => void) | undefined): void {
  (globalThis as Holder)[key] = wake;
}

/** Wakes this process's runner; false when it runs none (the admin CLI, a server with JOB_RUNNER=off). */
export function wakeRunner(): boolean {
  const wake = (globalThis as Holder)[key];
  wake?.();
  return Boolean(wake);
}

/** Wakes the runners of every other process on this database (they LISTEN on DUE_WORK_CHANNEL). */
export async function notifyRunners(db: Db): Promise<void> {
  await db.$executeRaw`SELECT pg_notify(${DUE_WORK_CHANNEL}, '')`;
}
