import { describe, expect, it } from "vitest";
import { prisma } from "@/lib/base/db/prisma";
import { inquireCardPayments } from "@/lib/domain/cards/inquire-card-payments";
import { createTenant } from "../support/fixtures";
import { insertTransaction } from "../support/transactions";

const MINUTE = 60_000;

/**
 * The card status inquiry takes 50 payments a round. With more open than that (a busy merchant's abandoned
 * checkouts stay in it for half an hour after their timeout), each round must reach the ones the last did
 * not: the least recently asked go first, and a payment asked is not asked again for a minute, by any process.
 * (Before, the oldest ids took every round and a lost return of a newer payment waited up to half an hour.)
 */
describe("card status inquiry rounds", () => {
  it("reach every open payment in turn when more are open than one round takes, and ask none twice within a minute", async () => {
    const tenant = await createTenant();
    const old = new Date(Date.now() - 10 * MINUTE);
    const ours: number[] = [];
    for (let i = 0; i < 70; i++) {
      const row = await insertTransaction(tenant, {
        method: "CREDIT_CARD",
        direction: "PAYMENT",
        status: "pending",
        // No order to ask about (no checkout attempt, no order id): the round passes over it without calling
        // an acquirer, and still counts it as asked.
        orderId: null,
        gatewayReference: `ref-${tenant.dealer.id}-${i}`,
        createdAt: old,
      });
      ours.push(row.id);
    }
    const unasked = () => prisma.transaction.count({ where: { id: { in: ours }, gatewayInquiredAt: null } });
    // Other files' open payments share the database and take part in the rounds too: a few rounds, each a
    // second apart (so none of ours is due again yet), must reach all 70.
    const start = Date.now();
    let rounds = 0;
    while ((await unasked()) > 0 && rounds < 6) await inquireCardPayments(new Date(start + rounds++ * 1000));
    expect(await unasked()).toBe(0);
    expect(rounds).toBeLessThanOrEqual(4);

    // Within the minute, a round asks none of them again; past it, they are due again.
    const stamped = await prisma.transaction.findMany({
      where: { id: { in: ours } },
      orderBy: { id: "asc" },
      select: { gatewayInquiredAt: true },
    });
    await inquireCardPayments(new Date(start + 30_000));
    const after = await prisma.transaction.findMany({
      where: { id: { in: ours } },
      orderBy: { id: "asc" },
      select: { gatewayInquiredAt: true },
    });
    expect(after.map((r) => r.gatewayInquiredAt?.getTime())).toEqual(
      stamped.map((r) => r.gatewayInquiredAt?.getTime()),
    );
    // Past the minute they are due again. Made so by asking them two minutes ago, not by a round in the
    // future, which would ask the other files' open payments (running beside this one) before their time.
    await prisma.transaction.updateMany({
      where: { id: { in: ours } },
      data: { gatewayInquiredAt: new Date(Date.now() - 2 * MINUTE) },
    });
    const again = new Date();
    await inquireCardPayments(again);
    expect(await prisma.transaction.count({ where: { id: { in: ours }, gatewayInquiredAt: again } })).toBeGreaterThan(
      0,
    );
  });
});
