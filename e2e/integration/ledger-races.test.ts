import { describe, expect, it } from "vitest";
import { randomCodeGroup } from "@/lib/base/crypto/random";
import { prisma } from "@/lib/base/db/prisma";
import { inTransaction } from "@/lib/base/db/transaction";
import { approveDeposit } from "@/lib/domain/approvals/approve-deposit";
import { applyAcquirerOutcome } from "@/lib/domain/cards/apply-acquirer-outcome";
import { postTransactionEvent } from "@/lib/domain/ledger/post-money-event";
import { createTenant } from "../support/fixtures";
import { addFeeSchedules, unbalancedSets } from "../support/ledger";
import { insertTransaction } from "../support/transactions";

const setsOf = (transactionId: number) =>
  prisma.ledgerEntrySet.findMany({ where: { transactionId }, include: { entries: true } });

describe("nothing posts twice: races and retries end in one entry set per money event", () => {
  it("two staff completing one deposit at once: one move, one set", async () => {
    const tenant = await createTenant();
    await addFeeSchedules(tenant.provider.id, new Date("2026-01-01T00:00:00+03:00"));
    const rounds = 5;
    for (let i = 0; i < rounds; i++) {
      const deposit = await insertTransaction(tenant, { amount: "1000.00" });
      const outcomes = await Promise.allSettled([
        approveDeposit(deposit.id, { label: "admin@ledger.test" }),
        approveDeposit(deposit.id, { label: "staff@ledger.test", dealerId: tenant.dealer.id }),
      ]);
      expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
      const sets = await setsOf(deposit.id);
      expect(sets).toHaveLength(1);
      expect(sets[0]!.entries.map((e) => e.amount.toFixed(2)).sort()).toEqual(
        ["-1000.00", "-16.00", "-5.00", "1000.00", "16.00", "5.00"].sort(),
      );
    }
    expect(await prisma.ledgerEntrySet.count({ where: { dealerId: tenant.dealer.id } })).toBe(rounds);
    expect(await unbalancedSets(tenant.dealer.id)).toEqual([]);
  });

  it("the acquirer's approval arriving three times at once: one card payment set", async () => {
    const tenant = await createTenant();
    const orderId = `ORD-${randomCodeGroup(10)}`;
    const card = await insertTransaction(tenant, {
      method: "CREDIT_CARD",
      direction: "PAYMENT",
      amount: "90.00",
      orderId,
    });
    const approved = { status: "approved" as const, amount: "90.00", partnerReference: null, authCode: "R4CE" };
    const results = await Promise.all([
      applyAcquirerOutcome(orderId, approved),
      applyAcquirerOutcome(orderId, approved),
      applyAcquirerOutcome(orderId, approved),
    ]);
    expect(results.sort()).toEqual(["applied", "duplicate", "duplicate"]);
    expect(await setsOf(card.id)).toHaveLength(1);
  });

  it("the unique cause holds even past the status guard: two postings of one event in parallel write one set", async () => {
    const tenant = await createTenant();
    const deposit = await insertTransaction(tenant, { amount: "250.00", status: "completed", finalAmount: "245.00" });
    // Each posting in its own database transaction, both open at once: the second waits on the unique
    // index until the first commits, then finds the cause posted and writes nothing.
    const posted = await Promise.all(
      [1, 2, 3].map(() => inTransaction((tx) => postTransactionEvent(tx, deposit, "DEPOSIT"))),
    );
    expect(posted.filter((id) => id !== null)).toHaveLength(1);
    const sets = await setsOf(deposit.id);
    expect(sets.map((s) => s.amount.toFixed(2))).toEqual(["245.00"]);
    // And later, a retry of the same event: nothing more.
    expect(await inTransaction((tx) => postTransactionEvent(tx, deposit, "DEPOSIT"))).toBeNull();
    expect(await setsOf(deposit.id)).toHaveLength(1);
  });

  it("the book refuses changes and sets that do not balance", async () => {
    const tenant = await createTenant();
    const deposit = await insertTransaction(tenant, { amount: "40.00" });
    await approveDeposit(deposit.id, { label: "admin@ledger.test" });
    const [set] = await setsOf(deposit.id);
    await expect(
      prisma.$executeRaw`UPDATE ledger_entries SET amount = amount * 2 WHERE set_id = ${set!.id}`,
    ).rejects.toThrow(/append-only/);
    await expect(prisma.$executeRaw`DELETE FROM ledger_entry_sets WHERE id = ${set!.id}`).rejects.toThrow(
      /append-only/,
    );
    await expect(
      inTransaction(async (tx) => {
        const [row] = await tx.$queryRaw<
          { id: bigint }[]
        >`INSERT INTO ledger_entry_sets (kind, cause_id, dealer_id, amount) VALUES ('ADJUSTMENT', ${deposit.id}, ${tenant.dealer.id}, 1) RETURNING id`;
        const account = set!.entries[0]!.accountId;
        await tx.$executeRaw`INSERT INTO ledger_entries (set_id, account_id, line, amount) VALUES (${row!.id}, ${account}, 'AMOUNT', 1)`;
      }),
    ).rejects.toThrow(/does not balance/);
    expect(await prisma.ledgerEntrySet.count({ where: { kind: "ADJUSTMENT", causeId: deposit.id } })).toBe(0);
    // An entry added later to a set an earlier transaction wrote is checked on its own at COMMIT.
    await expect(
      inTransaction(
        (tx) =>
          tx.$executeRaw`INSERT INTO ledger_entries (set_id, account_id, line, amount) VALUES (${set!.id}, ${set!.entries[0]!.accountId}, 'AMOUNT', 0.01)`,
      ),
    ).rejects.toThrow(/does not balance/);
    expect((await setsOf(deposit.id))[0]!.entries.map((e) => e.amount.toFixed(2)).sort()).toEqual(["-40.00", "40.00"]);
  });
});
