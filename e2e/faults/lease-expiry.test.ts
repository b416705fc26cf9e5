import { describe, expect, it } from "vitest";
import { buildCallbackPayload } from "@/lib/domain/callbacks/callback-payload";
import { prisma } from "@/lib/base/db/prisma";
import type { Prisma } from "@/lib/generated/prisma/client";
import { startCallbackReceiver } from "../support/callback-receiver";
import { sleep } from "../support/fault-load";
import { createTenant } from "../support/fixtures";
import { ownDatabase } from "../support/own-database";
import { startAppServer } from "../support/test-stack";
import { insertTransaction } from "../support/transactions";

const own = ownDatabase();

const BACKLOG = 130;
// Just under the 10 s send deadline: every send succeeds, slowly, so a batch's sends take many times longer
// than one and a claim of too many outlives its lease.
const RECEIVER_DELAY_MS = 9_000;

describe("a backlog of slow callbacks on two instances", () => {
  it("sends each delivery once and logs every send, however long the batches take", async () => {
    const receiver = await startCallbackReceiver(() => ({ status: 200, body: "OK", delayMs: RECEIVER_DELAY_MS }));
    try {
      const tenant = await createTenant({ callbackUrl: receiver.url });
      const rows: Prisma.CallbackDeliveryCreateManyInput[] = [];
      for (let i = 0; i < BACKLOG; i++) {
        const tx = await insertTransaction(tenant, { status: "completed" });
        rows.push({ kind: "PROVIDER_DEPOSIT", transactionId: tx.id, providerId: tenant.provider.id, url: receiver.url, trackingCode: tx.trackingCode, status: "completed", payload: buildCallbackPayload("PROVIDER_DEPOSIT", tx) as Prisma.InputJsonValue });
      }
      await prisma.callbackDelivery.createMany({ data: rows });

      const servers = await Promise.all([startAppServer(own.env), startAppServer(own.env)]);
      try {
        await expect.poll(() => prisma.callbackDelivery.count({ where: { state: "DELIVERED" } }), { timeout: 180_000, interval: 1000 }).toBe(BACKLOG);
        // A second send of a delivery already marked delivered would still be on its way: wait it out.
        await sleep(RECEIVER_DELAY_MS + 2000);
      } finally {
        await Promise.all(servers.map((s) => s.stop()));
      }

      const perDelivery = new Map<string, number>();
      for (const c of receiver.received) perDelivery.set(String(c.headers["x-delivery-id"]), (perDelivery.get(String(c.headers["x-delivery-id"])) ?? 0) + 1);
      const doubleSends = [...perDelivery.values()].filter((n) => n > 1).length;
      const attempts = await prisma.callbackAttempt.findMany();
      console.log(`lease expiry: ${BACKLOG} deliveries, ${receiver.received.length} receipts, ${doubleSends} sent more than once, ${attempts.length} attempts logged`);
      expect(doubleSends).toBe(0);
      expect(receiver.received).toHaveLength(BACKLOG);
      const logged = new Set(attempts.map((a) => `${a.deliveryId}#${a.attemptNumber}`));
      expect(receiver.received.filter((c) => !logged.has(`${String(c.headers["x-delivery-id"])}#${String(c.headers["x-delivery-attempt"])}`))).toEqual([]);
      expect(attempts.filter((a) => a.inFlight || !a.succeeded)).toEqual([]);
    } finally {
      await receiver.close();
    }
  }, 300_000);
});
