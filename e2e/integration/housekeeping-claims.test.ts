import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { createPrismaClient, prisma } from "@/lib/base/db/prisma";
import { claimWork, leaseHeld, releaseWork, renewWork } from "@/lib/base/db/work-leases";
import type { HousekeepingTask } from "@/lib/domain/jobs/housekeeping";
import { runHousekeepingRound } from "@/lib/domain/jobs/housekeeping-round";
import type { PrismaClient } from "@/lib/generated/prisma/client";

// Eight runners, as eight processes would be: each its own client with its own connections.
const RUNNERS = 8;
const clients: PrismaClient[] = Array.from({ length: RUNNERS }, () =>
  createPrismaClient(process.env.DATABASE_URL, { max: 2 }),
);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.$disconnect()));
});

/** A task that counts its runs and takes a while, so the runners' rounds overlap it. */
function countingTask(id: string, takesMs = 300) {
  const runs: string[] = [];
  const task: HousekeepingTask = {
    id,
    run: async () => {
      runs.push(id);
      await new Promise((r) => setTimeout(r, takesMs));
    },
  };
  return { task, runs };
}

const HOUR = 3_600_000;
const isHeld = async (lease: { name: string; token: string }) =>
  (await prisma.$queryRaw<{ held: boolean }[]>`SELECT ${leaseHeld(lease)} AS held`)[0]!.held;

describe("housekeeping on several runners at once", () => {
  it("runs each task once per slot: eight runners tick the same task at the same moment, exactly one runs it", async () => {
    for (let round = 0; round < 10; round++) {
      const { task, runs } = countingTask(`race-${randomUUID()}`);
      const other = countingTask(`race-other-${randomUUID()}`);
      // An hour's slot: the rounds cannot straddle two slots, so more than one run would be a double run.
      const ran = await Promise.all(
        clients.map((db) => runHousekeepingRound(db, [task, other.task], new Date(), HOUR)),
      );
      expect(runs, `round ${round}`).toHaveLength(1);
      expect(other.runs, `round ${round}`).toHaveLength(1);
      // Each task ran on one runner (not necessarily the same one for both).
      expect(ran.flat().sort()).toEqual([task.id, other.task.id].sort());
      // A runner asking again in the same slot, after the run ended, does not run it again either.
      expect(await runHousekeepingRound(clients[round % RUNNERS]!, [task], new Date(), HOUR)).toEqual([]);
      expect(runs).toHaveLength(1);
    }
  });

  it("runs it again in the next slot, once", async () => {
    const { task, runs } = countingTask(`slot-${randomUUID()}`, 10);
    await Promise.all(clients.map((db) => runHousekeepingRound(db, [task], new Date(), HOUR)));
    expect(runs).toHaveLength(1);
    // The next slot, as the database's clock will see it: the row says when the task is due again.
    await prisma.$executeRaw`UPDATE work_leases SET due_at = now() - interval '1 second' WHERE name = ${`housekeeping:${task.id}`}`;
    await Promise.all(clients.map((db) => runHousekeepingRound(db, [task], new Date(), HOUR)));
    expect(runs).toHaveLength(2);
  });

  it("a task that throws gives its claim back and the error to its runner", async () => {
    const id = `throws-${randomUUID()}`;
    const task: HousekeepingTask = { id, run: () => Promise.reject(new Error("partner down")) };
    await expect(runHousekeepingRound(clients[0]!, [task], new Date(), HOUR)).rejects.toThrow("partner down");
    const row = await prisma.workLease.findUniqueOrThrow({ where: { name: `housekeeping:${id}` } });
    expect(row.leasedUntil).toBeNull();
    expect(row.finishedAt).not.toBeNull();
  });
});

describe("a work lease", () => {
  const terms = { holder: "test", everyMs: HOUR, leaseMs: 60_000 };

  it("is fenced: a holder whose lease lapsed and was taken over can neither renew nor release it, and its writes are refused", async () => {
    const name = `fenced-${randomUUID()}`;
    const first = await claimWork(prisma, name, terms);
    expect(first).not.toBeNull();
    // Held, and not due: nobody else gets it.
    expect(await claimWork(clients[1]!, name, terms)).toBeNull();
    // Due again, but still held by a live lease: still nobody.
    await prisma.$executeRaw`UPDATE work_leases SET due_at = now() - interval '1 second' WHERE name = ${name}`;
    expect(await claimWork(clients[1]!, name, terms)).toBeNull();
    // The holder stalls past its lease (a process frozen, or killed): the next claim takes the work over.
    await prisma.$executeRaw`UPDATE work_leases SET leased_until = now() - interval '1 second' WHERE name = ${name}`;
    const second = await claimWork(clients[1]!, name, terms);
    expect(second).not.toBeNull();
    expect(second!.token).not.toBe(first!.token);
    expect(await isHeld(first!)).toBe(false);
    expect(await isHeld(second!)).toBe(true);
    // The first holder wakes up: its renewal and its release change nothing.
    expect(await renewWork(prisma, first!, 60_000)).toBe(false);
    await releaseWork(prisma, first!);
    expect(await isHeld(second!)).toBe(true);
    // The second releases: nobody holds it, and it is not due until the next slot.
    await releaseWork(clients[1]!, second!);
    expect(await isHeld(second!)).toBe(false);
    expect(await claimWork(prisma, name, terms)).toBeNull();
    // A release may make it due sooner than the next slot (a poller that wants to try again in a minute).
    await releaseWork(clients[1]!, second!, { dueInMs: 0 });
    expect(await claimWork(prisma, name, terms)).not.toBeNull();
  });

  it("is due at the start of the next slot of the database's clock", async () => {
    const name = `slot-${randomUUID()}`;
    await claimWork(prisma, name, { ...terms, everyMs: 15_000 });
    const [row] = await prisma.$queryRaw<{ due: number; now: number }[]>`
      SELECT extract(epoch FROM due_at)::float8 AS due, extract(epoch FROM now())::float8 AS now FROM work_leases WHERE name = ${name}`;
    expect(row!.due % 15).toBe(0);
    expect(row!.due - row!.now).toBeGreaterThan(0);
    expect(row!.due - row!.now).toBeLessThanOrEqual(15);
  });
});
