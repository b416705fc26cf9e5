import { describe, expect, it } from "vitest";
import { buildCallbackPayload } from "@/lib/domain/callbacks/callback-payload";
import { prisma } from "@/lib/base/db/prisma";
import type { Prisma } from "@/lib/generated/prisma/client";
import { startCallbackReceiver } from "../support/callback-receiver";
import { sleep } from "../support/fault-load";
import { FaultProgress } from "../support/fault-progress";
import { createTenant } from "../support/fixtures";
import { ownDatabase } from "../support/own-database";
import { startAppServer } from "../support/test-stack";
import { insertTransaction } from "../support/transactions";
import { CLAIM_LEASE_MS } from "@/lib/domain/callbacks/claim-deliveries";

const own = ownDatabase();

const BACKLOG = 130;
// Just under the 10 s send deadline: every send succeeds, slowly, so a batch's sends take many times longer
// than one and a claim of too many outlives its lease.
const RECEIVER_DELAY_MS = 9_000;

describe("a backlog of slow callbacks on two instances", () => {
  it(
    "sends each delivery once and logs every send, however long the batches take",
    async () => {
      const progress = new FaultProgress("lease expiry on two instances");
      const receiver = await startCallbackReceiver(() => ({ status: 200, body: "OK", delayMs: RECEIVER_DELAY_MS }));
      try {
        const tenant = await createTenant({ callbackUrl: receiver.url });
        const rows: Prisma.CallbackDeliveryCreateManyInput[] = [];
        for (let i = 0; i < BACKLOG; i++) {
          const tx = await insertTransaction(tenant, { status: "completed" });
          rows.push({
            kind: "PROVIDER_DEPOSIT",
            transactionId: tx.id,
            providerId: tenant.provider.id,
            url: receiver.url,
            trackingCode: tx.trackingCode,
            status: "completed",
            payload: buildCallbackPayload("PROVIDER_DEPOSIT", tx) as Prisma.InputJsonValue,
          });
        }
        await prisma.callbackDelivery.createMany({ data: rows });

        const servers = await progress.serverStart("two at once", (budgetMs) =>
          Promise.all([0, 1].map(() => startAppServer(own.env, [], undefined, { readyWithinMs: budgetMs }))),
        );
        try {
          // Slow sends and lapsed leases make this slow; it fails only when nothing is delivered for longer than
          // a lease plus a send: then a delivery is stuck, not late.
          await progress.until(
            "the backlog delivered",
            async () => {
              const delivered = await prisma.callbackDelivery.count({ where: { state: "DELIVERED" } });
              return {
                done: delivered === BACKLOG,
                progress: delivered,
                figure: `${delivered} of ${BACKLOG} delivered, ${receiver.received.length} received`,
              };
            },
            {
              stallMs: CLAIM_LEASE_MS + 2 * RECEIVER_DELAY_MS + 10_000,
              why: `a lapsed claim's lease (${CLAIM_LEASE_MS / 1000} s) and two slow sends`,
            },
          );
          // A second send of a delivery already marked delivered would still be on its way: wait it out.
          await sleep(RECEIVER_DELAY_MS + 2000);
        } finally {
          await Promise.all(servers.map((s) => s.stop()));
        }

        const perDelivery = new Map<string, number>();
        for (const c of receiver.received)
          perDelivery.set(
            String(c.headers["x-delivery-id"]),
            (perDelivery.get(String(c.headers["x-delivery-id"])) ?? 0) + 1,
          );
        const doubleSends = [...perDelivery.values()].filter((n) => n > 1).length;
        const attempts = await prisma.callbackAttempt.findMany();
        console.log(
          `lease expiry: ${BACKLOG} deliveries, ${receiver.received.length} receipts, ${doubleSends} sent more than once, ${attempts.length} attempts logged`,
        );
        // A double send is described, not just counted: when each copy arrived and what the log says of it.
        const twice = [...perDelivery]
          .filter(([, n]) => n > 1)
          .map(([id]) => ({
            delivery: id,
            received: receiver.received
              .filter((c) => String(c.headers["x-delivery-id"]) === id)
              .map((c) => ({ attempt: c.headers["x-delivery-attempt"], at: new Date(c.at).toISOString() })),
            logged: attempts
              .filter((a) => String(a.deliveryId) === id)
              .map((a) => ({
                attempt: a.attemptNumber,
                startedAt: a.startedAt.toISOString(),
                durationMs: a.durationMs,
                error: a.error,
              })),
          }));
        expect(twice, progress.summary()).toEqual([]);
        expect(doubleSends).toBe(0);
        expect(receiver.received).toHaveLength(BACKLOG);
        const logged = new Set(attempts.map((a) => `${a.deliveryId}#${a.attemptNumber}`));
        expect(
          receiver.received.filter(
            (c) => !logged.has(`${String(c.headers["x-delivery-id"])}#${String(c.headers["x-delivery-attempt"])}`),
          ),
        ).toEqual([]);
        expect(attempts.filter((a) => a.inFlight || !a.succeeded)).toEqual([]);
        console.log(progress.summary());
      } finally {
        await receiver.close();
      }
    },
    30 * 60_000,
  );
});
