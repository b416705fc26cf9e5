import { describe, expect, it } from "vitest";
import { prisma } from "@/lib/base/db/prisma";
import { loadClaimedDeliveries } from "@/lib/domain/callbacks/claimed-deliveries";
import { attemptDelivery } from "@/lib/domain/callbacks/delivery-pipeline";
import { claimDelivery } from "@/lib/domain/callbacks/claim-deliveries";
import { deliverDueCallbacks } from "@/lib/domain/jobs/deliver-due-callbacks";
import { startCallbackReceiver } from "../support/callback-receiver";
import { dueDeliveries } from "../support/due-deliveries";
import { ownDatabase } from "../support/own-database";

// A database of its own: no runner but the calls below ever sees these deliveries.
ownDatabase();

const LEASE_MS = 60_000;

describe("callback leases", () => {
  it("a runner whose lease ran out mid-batch starts no further send, and its send in flight is still logged", async () => {
    const receiver = await startCallbackReceiver(() => ({ status: 200, body: "OK", delayMs: 1500 }));
    try {
      const start = new Date(Date.UTC(2100, 0, 1));
      const ids = await dueDeliveries(receiver.url, 3, start);
      // Runner A sends one at a time; while its first send is open, its lease runs out (B's clock is past
      // it) and runner B takes the deliveries over.
      const a = deliverDueCallbacks(prisma, { now: start, runnerId: "runner-a", concurrency: 1 });
      await receiver.waitFor(1, 10_000);
      const b = await deliverDueCallbacks(prisma, {
        now: new Date(start.getTime() + LEASE_MS + 1000),
        runnerId: "runner-b",
        concurrency: 3,
      });
      await a;
      expect(b.claimed).toBe(3);

      const sends = (id: number) => receiver.received.filter((c) => Number(c.headers["x-delivery-id"]) === id).length;
      const [first, ...rest] = ids as [number, ...number[]];
      // The send A had in flight when B's clock passed its lease could not be taken back; A sent nothing after.
      expect(sends(first)).toBe(2);
      expect(rest.map(sends)).toEqual([1, 1]);

      const attempts = await prisma.callbackAttempt.findMany({
        where: { deliveryId: { in: ids } },
        orderBy: [{ deliveryId: "asc" }, { attemptNumber: "asc" }],
      });
      // Every send that reached the receiver is in the log, with the attempt number it carried.
      expect(attempts).toHaveLength(receiver.received.length);
      expect(attempts.every((x) => !x.inFlight && x.succeeded)).toBe(true);
      const received = receiver.received
        .map((c) => `${String(c.headers["x-delivery-id"])}#${String(c.headers["x-delivery-attempt"])}`)
        .sort();
      expect(attempts.map((x) => `${x.deliveryId}#${x.attemptNumber}`).sort()).toEqual(received);
      const deliveries = await prisma.callbackDelivery.findMany({ where: { id: { in: ids } } });
      expect(deliveries.map((d) => [d.state, d.lockedBy, d.leaseToken])).toEqual(
        ids.map(() => ["DELIVERED", null, null]),
      );
    } finally {
      await receiver.close();
    }
  }, 30_000);

  it("an attempt whose sender died mid-send stays in the log as interrupted, and the next claim sends it again", async () => {
    const receiver = await startCallbackReceiver(() => ({ status: 200, body: "OK" }));
    try {
      const start = new Date(Date.UTC(2100, 1, 1));
      const [id] = (await dueDeliveries(receiver.url, 1, start)) as [number];
      // What a sender killed after logging its attempt as started leaves behind.
      await prisma.callbackDelivery.update({
        where: { id },
        data: {
          attemptCount: 1,
          lockedBy: "dead-runner",
          lockedUntil: new Date(start.getTime() + 30_000),
          leaseToken: "dead",
        },
      });
      await prisma.callbackAttempt.create({
        data: {
          deliveryId: id,
          attemptNumber: 1,
          startedAt: start,
          durationMs: 0,
          requestHeaders: {},
          requestBody: "{}",
          error: "in flight",
          succeeded: false,
          inFlight: true,
        },
      });
      expect(
        (await deliverDueCallbacks(prisma, { now: new Date(start.getTime() + 20_000), runnerId: "runner-b" })).claimed,
      ).toBe(0);
      await deliverDueCallbacks(prisma, { now: new Date(start.getTime() + 31_000), runnerId: "runner-b" });
      const attempts = await prisma.callbackAttempt.findMany({
        where: { deliveryId: id },
        orderBy: { attemptNumber: "asc" },
      });
      expect(attempts.map((x) => [x.attemptNumber, x.inFlight, x.succeeded, x.error])).toEqual([
        [1, false, false, expect.stringMatching(/^interrupted/)],
        [2, false, true, null],
      ]);
      expect(receiver.received.map((c) => c.headers["x-delivery-attempt"])).toEqual(["2"]);
      expect(await prisma.callbackDelivery.findUniqueOrThrow({ where: { id } })).toMatchObject({
        state: "DELIVERED",
        attemptCount: 2,
      });
    } finally {
      await receiver.close();
    }
  });

  it("one claim takes no more than its senders can start well inside the lease; the next is taken ahead", async () => {
    const receiver = await startCallbackReceiver(() => ({ status: 200 }));
    try {
      const start = new Date(Date.UTC(2100, 2, 1));
      const ids = await dueDeliveries(receiver.url, 60, start);
      const batch = await deliverDueCallbacks(prisma, {
        now: start,
        runnerId: "runner-c",
        limit: 100,
        concurrency: 16,
      });
      // 16 senders, 10 s deadline each, 60 s lease: three rounds, the last starting 20 s in. The rest is claimed
      // while the first claim's last deliveries are being sent, under a lease of its own.
      expect(batch).toMatchObject({ claimed: 60, claims: [48, 12], full: false });
      expect(batch.outcomes.map((o) => o.state)).toEqual(ids.map(() => "DELIVERED"));
      expect(receiver.received).toHaveLength(60);
      expect(
        (await deliverDueCallbacks(prisma, { now: start, runnerId: "runner-c", limit: 100, concurrency: 16 })).claimed,
      ).toBe(0);
      // A call stops claiming at its limit: no claim takes more than the call has left.
      const more = await dueDeliveries(receiver.url, 30, start);
      const limited = await deliverDueCallbacks(prisma, {
        now: start,
        runnerId: "runner-c",
        limit: 20,
        concurrency: 4,
      });
      expect(limited).toMatchObject({ claimed: 20, claims: [12, 8], full: true });
      expect(await prisma.callbackDelivery.count({ where: { id: { in: more }, state: "PENDING" } })).toBe(10);
    } finally {
      await receiver.close();
    }
  });
  it("a runner that gets its start back too late to finish within the lease sends nothing and leaves the delivery due", async () => {
    const receiver = await startCallbackReceiver();
    try {
      const start = new Date(Date.UTC(2100, 0, 2));
      const [late, onTime] = (await dueDeliveries(receiver.url, 2, start)) as [number, number];
      // The lease's clock as the runner reads it: the start is written at `start`; the runner reads the clock
      // again `stallMs` later (CPU starvation, a slow database), when it is about to send.
      const sendAfter = async (id: number, stallMs: number) => {
        const { ids, token } = await claimDelivery(prisma, id, { now: start, runnerId: `stalled-${stallMs}` });
        expect(ids).toEqual([id]);
        let reads = 0;
        const lease = { token, now: start, clock: () => new Date(start.getTime() + (reads++ === 0 ? 0 : stallMs)) };
        const [delivery] = await loadClaimedDeliveries(prisma, ids);
        return attemptDelivery(prisma, delivery!, lease);
      };
      // 15 s behind: the 30 s the start leased no longer covers the 10 s send and the time to record it.
      const skipped = await sendAfter(late, 15_000);
      // 5 s behind: it still does.
      const sent = await sendAfter(onTime, 5_000);

      expect(receiver.received.map((c) => Number(c.headers["x-delivery-id"]))).toEqual([onTime]);
      expect(sent).toMatchObject({ state: "DELIVERED" });
      expect(skipped).toMatchObject({ state: "PENDING", statusCode: null });
      const [attempt] = await prisma.callbackAttempt.findMany({ where: { deliveryId: late } });
      expect(attempt).toMatchObject({
        succeeded: false,
        inFlight: false,
        error: "not sent: the runner fell behind its lease before sending",
      });
      // Due again at once and free for any runner: nothing waits for a retry delay.
      const delivery = await prisma.callbackDelivery.findUniqueOrThrow({ where: { id: late } });
      expect(delivery).toMatchObject({ state: "PENDING", nextAttemptAt: start, leaseToken: null, lockedUntil: null });
    } finally {
      await receiver.close();
    }
  }, 30_000);
});
