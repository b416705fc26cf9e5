import { afterEach, describe, expect, it } from "vitest";
import { listen } from "@/lib/base/db/listen";
import { prisma } from "@/lib/base/db/prisma";
import { inTransaction } from "@/lib/base/db/transaction";
import { DUE_WORK_CHANNEL, setRunnerWake } from "@/lib/domain/outbox/runner-signal";
import { staffActor } from "@/lib/domain/transactions/transition-actor";
import { transitionTransaction } from "@/lib/domain/transactions/transition-transaction";
import { adminAsync } from "../support/admin-cli";
import { startCallbackReceiver } from "../support/callback-receiver";
import { createTenant } from "../support/fixtures";
import { ownDatabase } from "../support/own-database";
import { startAppServer } from "../support/test-stack";
import { insertTransaction } from "../support/transactions";

// A database of its own: the only runner on it is the one this file starts, polling once a minute.
const own = ownDatabase();
const POLL_MS = 60_000;
const staff = staffActor({ label: "test", viaCli: true });

afterEach(() => setRunnerWake(undefined));

/** Counts the due-work notifications other processes' runners would get on this database. */
async function countNotifications() {
  let count = 0;
  const listener = listen(own.env.DATABASE_URL!, DUE_WORK_CHANNEL, () => count++);
  // LISTEN is in place once a notification of our own comes back (sent again until one does).
  await expect
    .poll(
      async () => {
        await prisma.$executeRaw`SELECT pg_notify(${DUE_WORK_CHANNEL}, '')`;
        await new Promise((resolve) => setTimeout(resolve, 100));
        return count;
      },
      { timeout: 10_000 },
    )
    .toBeGreaterThan(0);
  await new Promise((resolve) => setTimeout(resolve, 300));
  count = 0;
  return { count: () => count, stop: listener.stop };
}

describe("due deliveries are announced by the transaction that writes them, after it commits", () => {
  it("a rolled-back transaction announces nothing; a committed one announces once, after COMMIT", async () => {
    const tenant = await createTenant({ callbackUrl: "http://127.0.0.1:9/none" });
    const before = await prisma.callbackDelivery.count();
    const notifications = await countNotifications();
    try {
      // This process runs no runner: a committed announcement reaches the others through the database.
      const canceled = await insertTransaction(tenant);
      await expect(
        inTransaction(async (tx) => {
          const { deliveryIds } = await transitionTransaction(tx, { id: canceled.id, to: "canceled", actor: staff });
          expect(deliveryIds).toHaveLength(1);
          throw new Error("something later in the same transaction fails");
        }),
      ).rejects.toThrow("something later");
      const committed = await insertTransaction(tenant);
      await inTransaction(async (tx) => {
        await transitionTransaction(tx, { id: committed.id, to: "canceled", actor: staff });
        // Written, not yet committed: nothing announced yet.
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(notifications.count()).toBe(0);
      });
      await expect.poll(() => notifications.count(), { timeout: 10_000 }).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(notifications.count()).toBe(1);
      // The rolled-back one left no row either; the committed one left exactly one.
      expect(await prisma.callbackDelivery.count()).toBe(before + 1);
    } finally {
      await notifications.stop();
    }

    // With a runner in this process, it is woken instead, also only after commit and never on rollback.
    let wakes = 0;
    setRunnerWake(() => wakes++);
    const again = await insertTransaction(tenant);
    await expect(
      inTransaction(async (tx) => {
        await transitionTransaction(tx, { id: again.id, to: "canceled", actor: staff });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(wakes).toBe(0);
    await inTransaction(async (tx) => {
      await transitionTransaction(tx, { id: again.id, to: "canceled", actor: staff });
      expect(wakes).toBe(0);
    });
    expect(wakes).toBe(1);
  });

  it(
    "a resend from the admin CLI (another process) is delivered by the server's runner at once, not at its next poll",
    { timeout: 240_000 },
    async () => {
      const receiver = await startCallbackReceiver();
      try {
        const tenant = await createTenant({ callbackUrl: receiver.url });
        const deposit = await insertTransaction(tenant);
        // Written with no runner alive and not announced (a transaction of the test's own): the server's
        // first tick finds it when it starts.
        const { deliveryIds } = await prisma.$transaction((tx) =>
          transitionTransaction(tx, { id: deposit.id, to: "canceled", actor: staff }),
        );
        const server = await startAppServer({ ...own.env, JOB_POLL_INTERVAL_MS: String(POLL_MS) });
        try {
          await receiver.waitFor(1, 30_000);
          // The runner has ticked and now idles for a minute; only an announcement wakes it before that.
          await expect
            .poll(
              () => prisma.callbackDelivery.findUniqueOrThrow({ where: { id: deliveryIds[0] } }).then((d) => d.state),
              { timeout: 10_000 },
            )
            .toBe("DELIVERED");
          await new Promise((resolve) => setTimeout(resolve, 1_000));

          const started = Date.now();
          const resent = await adminAsync("callback:resend", "--id", String(deliveryIds[0]));
          expect(resent.code, resent.stderr).toBe(0);
          const exited = Date.now();
          await receiver.waitFor(2, 15_000);
          const second = receiver.received[1]!;
          expect(second.headers["x-delivery-id"]).toBe(String(deliveryIds[0]));
          // Announced after the CLI's commit: at most a few seconds after it exits, far inside the poll.
          expect(second.at - exited).toBeLessThan(5_000);
          expect(second.at - started).toBeLessThan(POLL_MS / 2);
        } finally {
          await server.stop();
        }
      } finally {
        await receiver.close();
      }
    },
  );
});
