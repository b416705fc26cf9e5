import { describe, expect, it } from "vitest";
import { prisma } from "@/lib/base/db/prisma";
import { staffActor } from "@/lib/domain/transactions/transition-actor";
import { transitionTransaction } from "@/lib/domain/transactions/transition-transaction";
import { startCallbackReceiver, verifyAsReceiver } from "../support/callback-receiver";
import { createTenant } from "../support/fixtures";
import { ownDatabase } from "../support/own-database";
import { startAppServer } from "../support/test-stack";
import { insertTransaction } from "../support/transactions";

// This file has a database of its own: no server runs on it until the test starts one.
const own = ownDatabase();

describe("callbacks survive the process that caused them", () => {
  it("state changes committed with no runner alive are delivered once after restart, even by two instances at once", async () => {
    const receiver = await startCallbackReceiver();
    try {
      const tenant = await createTenant({ callbackUrl: receiver.url });
      const deliveryIds: number[] = [];
      // The process that commits these state changes "dies" before sending anything: it never sends.
      for (let i = 0; i < 30; i++) {
        const deposit = await insertTransaction(tenant);
        const { deliveryIds: ids } = await prisma.$transaction((tx) =>
          transitionTransaction(tx, {
            id: deposit.id,
            to: i % 2 ? "completed" : "canceled",
            actor: staffActor({ label: "test", viaCli: true }),
          }),
        );
        deliveryIds.push(...ids);
      }
      expect(await prisma.callbackDelivery.count({ where: { state: "PENDING" } })).toBe(30);

      const [a, b] = await Promise.all([startAppServer(own.env), startAppServer(own.env)]);
      try {
        await receiver.waitFor(30, 60_000);
        await expect
          .poll(() => prisma.callbackDelivery.count({ where: { state: "DELIVERED" } }), { timeout: 20_000 })
          .toBe(30);
      } finally {
        await Promise.all([a.stop(), b.stop()]);
      }
      const received = receiver.received.map((c) => Number(c.headers["x-delivery-id"])).sort((x, y) => x - y);
      expect(received).toEqual([...deliveryIds].sort((x, y) => x - y));
      expect(receiver.received.every((c) => verifyAsReceiver(c, tenant.creds.apiKey, tenant.creds.secretKey))).toBe(
        true,
      );
      expect(await prisma.callbackAttempt.count()).toBe(30);
    } finally {
      await receiver.close();
    }
  }, 120_000);
});
