import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { prisma } from "@/lib/base/db/prisma";
import { deliverDueCallbacks } from "@/lib/domain/jobs/deliver-due-callbacks";
import { dueDeliveries } from "../support/due-deliveries";
import { ownDatabase } from "../support/own-database";

// A database of its own: no runner but the calls below ever sees these deliveries.
ownDatabase();

const SENDERS = 2;

/**
 * Delivers `count` callbacks with `SENDERS` senders to a receiver that, as each POST arrives, reads how many
 * attempts are logged in flight, then answers after `delayMs`: more in flight than there are senders means
 * attempts were started ahead of them.
 */
async function deliverWatchingStarts(count: number, delayMs: number, at: Date) {
  const inFlight: number[] = [];
  const sends: number[] = [];
  const receiver = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      sends.push(Number(req.headers["x-delivery-id"]));
      void prisma.callbackAttempt.count({ where: { inFlight: true } }).then((n) => {
        inFlight.push(n);
        setTimeout(() => res.end("OK"), delayMs);
      });
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  try {
    const ids = await dueDeliveries(
      `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/callbacks`,
      count,
      at,
    );
    let delivered = 0;
    while (delivered < count) {
      const batch = await deliverDueCallbacks(prisma, { now: at, runnerId: "pipeline", concurrency: SENDERS });
      if (batch.claimed === 0) break;
      delivered += batch.outcomes.filter((o) => o.state === "DELIVERED").length;
    }
    const attempts = await prisma.callbackAttempt.findMany({ where: { deliveryId: { in: ids } } });
    return { ids, attempts, sends, mostInFlight: Math.max(...inFlight) };
  } finally {
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  }
}

describe("callback senders and their records", () => {
  it("with quick receivers, attempts are started ahead and each outcome written behind; each sent and logged once", async () => {
    const { ids, attempts, sends, mostInFlight } = await deliverWatchingStarts(60, 0, new Date(Date.UTC(2100, 3, 1)));
    // Started ahead: more attempts logged in flight than there are senders to send them.
    expect(mostInFlight).toBeGreaterThan(SENDERS);
    expect([...sends].sort((a, b) => a - b)).toEqual(ids);
    expect(attempts).toHaveLength(ids.length);
    expect(attempts.every((a) => a.succeeded && !a.inFlight && a.attemptNumber === 1)).toBe(true);
    const deliveries = await prisma.callbackDelivery.findMany({ where: { id: { in: ids } } });
    expect(deliveries.every((d) => d.state === "DELIVERED" && d.leaseToken === null && d.attemptCount === 1)).toBe(
      true,
    );
  }, 60_000);

  it("with slow receivers, each attempt is started when a sender is free", async () => {
    const { ids, attempts, sends, mostInFlight } = await deliverWatchingStarts(8, 300, new Date(Date.UTC(2100, 3, 2)));
    expect(mostInFlight).toBeLessThanOrEqual(SENDERS);
    expect([...sends].sort((a, b) => a - b)).toEqual(ids);
    expect(attempts.every((a) => a.succeeded && !a.inFlight)).toBe(true);
  }, 60_000);
});
