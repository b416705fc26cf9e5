import type { Db } from "@/lib/base/db/prisma";
import { dueWork, runLeased } from "@/lib/base/db/work-leases";
import type { HousekeepingTask } from "./housekeeping";
import { runnerId } from "./runner-id";

/**
 * Each housekeeping task runs once per slot of this length in the whole fleet, whichever process gets to it
 * first: every worker of every replica runs a runner, and without the claim each of them ran every task
 * every 15 s (a replica's two workers polled every bank statement twice, for one).
 */
export const HOUSEKEEPING_SLOT_MS = 15_000;
/** How often a runner asks: several times per slot, so one runner alone still finds every slot. */
export const HOUSEKEEPING_ASK_MS = 5_000;
/** A task's lease between renewals: a process that dies in the middle of a task frees it after this. */
export const HOUSEKEEPING_LEASE_MS = 60_000;

/** The lease name of a task (work_leases.name). */
export const housekeepingLease = (task: HousekeepingTask) => `housekeeping:${task.id}`;

/**
 * Runs `task` here if this process claims its slot (lib/base/db/work-leases.ts); true when it ran. A task that
 * throws releases its claim (the next slot tries again) and the error goes to the caller.
 */
export async function runTaskOncePerSlot(
  db: Db,
  task: HousekeepingTask,
  now: Date,
  slotMs = HOUSEKEEPING_SLOT_MS,
): Promise<boolean> {
  const outcome = await runLeased(
    db,
    housekeepingLease(task),
    { holder: runnerId(), everyMs: slotMs, leaseMs: HOUSEKEEPING_LEASE_MS },
    () => task.run(now),
  );
  return outcome.ran;
}

/**
 * One round of the in-process runner: the tasks due in the fleet (one read), each claimed and run in turn.
 * Answers the ids of those this process ran.
 */
export async function runHousekeepingRound(
  db: Db,
  tasks: readonly HousekeepingTask[],
  now: Date,
  slotMs = HOUSEKEEPING_SLOT_MS,
): Promise<string[]> {
  const due = await dueWork(db, tasks.map(housekeepingLease));
  const ran: string[] = [];
  for (const task of tasks) {
    if (due.has(housekeepingLease(task)) && (await runTaskOncePerSlot(db, task, now, slotMs))) ran.push(task.id);
  }
  return ran;
}
