import { describe, expect, it } from "vitest";
import { randomCodeGroup } from "@/lib/base/crypto/random";
import { prisma } from "@/lib/base/db/prisma";
import { formatDateTime } from "@/lib/base/time/format";
import { approveDeposit } from "@/lib/domain/approvals/approve-deposit";
import { processWithdrawal } from "@/lib/domain/approvals/process-withdrawal";
import { applyAcquirerOutcome } from "@/lib/domain/cards/apply-acquirer-outcome";
import { refundCardPayment } from "@/lib/domain/cards/refund-card-payment";
import { balancesAsOf, pairBalance } from "@/lib/domain/ledger/balances";
import { dailyStatement } from "@/lib/domain/ledger/statement";
import { dealerBalances, providerBalances } from "@/lib/domain/ledger/counterparty-balances";
import { createTenant } from "../support/fixtures";
import { addFeeSchedules, sumsBySet, unbalancedSets } from "../support/ledger";
import { chargedAtSandboxAcquirer } from "../support/sandbox-acquirer";
import { insertTransaction } from "../support/transactions";

const ADMIN = { label: "admin@ledger.test" };
const IBAN = "TR330006100519786457841326";

/** The worked example of docs/ledger.md, by hand: every figure below is computed there. */
const EXAMPLE_DAY = {
  deposits: { amount: "1333.33", count: 2 },
  withdrawals: { amount: "500.00", count: 1 },
  cardPayments: { amount: "200.00", count: 1 },
  refunds: { amount: "50.00", count: 1 },
  settlements: { amount: "0.00", count: 0 },
  adjustments: { amount: "0.00", count: 0 },
  serviceFees: "32.29",
  dealerFees: "8.82",
};

describe("the daily statement of a provider-dealer pair equals the hand-computed figures", () => {
  it("live: deposits, a withdrawal, a card payment and its partial refund, through the real flows", async () => {
    const tenant = await createTenant();
    await addFeeSchedules(tenant.provider.id, new Date("2026-01-01T00:00:00+03:00"));
    const day = formatDateTime(new Date()).slice(0, 10);

    for (const amount of ["1000.00", "333.33"]) {
      const deposit = await insertTransaction(tenant, { amount });
      expect((await approveDeposit(deposit.id, ADMIN)).outcome).toBe("applied");
    }
    const withdrawal = await insertTransaction(tenant, {
      direction: "WITHDRAWAL",
      status: "processing",
      amount: "500.00",
      iban: IBAN,
    });
    await processWithdrawal(withdrawal.id, "complete", ADMIN);
    const orderId = `ORD-${randomCodeGroup(10)}`;
    const card = await insertTransaction(tenant, {
      method: "CREDIT_CARD",
      direction: "PAYMENT",
      amount: "200.00",
      orderId,
    });
    await chargedAtSandboxAcquirer(orderId);
    expect(
      await applyAcquirerOutcome(orderId, {
        status: "approved",
        amount: "200.00",
        partnerReference: null,
        authCode: "T35T",
      }),
    ).toBe("applied");
    const beforeRefund = new Date();
    await new Promise((r) => setTimeout(r, 5));
    const refund = await refundCardPayment(card.id, ADMIN, "partly returned", "50.00");
    expect(refund.fullyRefunded).toBe(false);

    const statement = await dailyStatement(prisma, { providerId: tenant.provider.id, dealerId: tenant.dealer.id, day });
    expect(statement).toMatchObject({
      ...EXAMPLE_DAY,
      opening: "0.00",
      closing: "942.22",
      owed: { by: "dealer", amount: "942.22" },
      serviceFeesHeld: "32.29",
      dealerCommission: "8.82",
    });
    // As of a moment: before the refund the pair stood 48.19 higher (50.00 back, less 1.81 of fees returned).
    expect(await pairBalance(prisma, tenant.provider.id, tenant.dealer.id, beforeRefund)).toBe("990.41");
    expect(await pairBalance(prisma, tenant.provider.id, tenant.dealer.id)).toBe("942.22");
    // The dealer's cash is what it owes the provider and the service plus its own share.
    const balances = await balancesAsOf(prisma, { dealerId: tenant.dealer.id });
    expect(Object.fromEntries(balances.map((b) => [b.kind, b.balance]))).toEqual({
      DEALER_CASH: "983.33",
      PROVIDER_PAYABLE: "942.22",
      SERVICE_FEES: "32.29",
      DEALER_COMMISSION: "8.82",
    });
    expect(await unbalancedSets(tenant.dealer.id)).toEqual([]);
    // By counterparty, as the balance endpoints will answer: the provider's dealers, the dealer's providers.
    expect(await providerBalances(prisma, tenant.provider.id)).toEqual([
      { dealerId: tenant.dealer.id, dealerName: expect.stringMatching(/^Dealer /), balance: "942.22" },
    ]);
    expect(await dealerBalances(prisma, tenant.dealer.id, beforeRefund)).toEqual({
      cash: "1033.33",
      own: "0.00",
      providers: [
        {
          providerId: tenant.provider.id,
          providerName: expect.stringMatching(/^Provider /),
          owedToProvider: "990.41",
          serviceFees: "33.80",
          commission: "9.12",
        },
      ],
    });
    // The rate is on the entry: the first deposit's service fee line says 1.5 % + 1.00.
    const feeLine = await prisma.ledgerEntry.findFirstOrThrow({
      where: {
        line: "SERVICE_FEE",
        amount: { gt: 0 },
        set: { kind: "DEPOSIT", amount: "1000.00", dealerId: tenant.dealer.id },
      },
    });
    expect([feeLine.amount.toFixed(2), feeLine.feePercent?.toFixed(4), feeLine.feeFixed?.toFixed(2)]).toEqual([
      "16.00",
      "1.5000",
      "1.00",
    ]);
  });

  it("backfill: events completed before the ledger, on fixed Istanbul days, with a rate change at midnight", async () => {
    const tenant = await createTenant();
    const at = (iso: string) => new Date(iso);
    await addFeeSchedules(tenant.provider.id, at("2026-11-01T00:00:00+03:00"));
    // From the 25th deposits cost more: the 24th's sets keep the old rate.
    await addFeeSchedules(tenant.provider.id, at("2026-11-25T00:00:00+03:00"), [
      {
        method: "MANUAL_BANK",
        direction: "DEPOSIT",
        servicePercent: "3",
        serviceFixed: "5.00",
        dealerPercent: "1",
        dealerFixed: "0",
      },
    ]);
    const completed = (amount: string, when: string, data: Parameters<typeof insertTransaction>[1] = {}) =>
      insertTransaction(tenant, { amount, status: "completed", finalAmount: amount, completedAt: at(when), ...data });
    await completed("100.00", "2026-11-23T12:00:00+03:00"); // the day before: the opening balance, 100 - 2.50 - 0.50
    await completed("1000.00", "2026-11-24T00:00:00+03:00"); // the first instant of the 24th
    await completed("333.33", "2026-11-24T23:59:59.999+03:00"); // its last
    await completed("500.00", "2026-11-24T12:00:00+03:00", { direction: "WITHDRAWAL", iban: IBAN });
    const card = await completed("200.00", "2026-11-24T12:30:00+03:00", {
      method: "CREDIT_CARD",
      direction: "PAYMENT",
      status: "success",
      finalAmount: null,
      orderId: `ORD-${randomCodeGroup(10)}`,
    });
    const refund = await prisma.cardRefund.create({
      data: {
        transactionId: card.id,
        refundId: `RF-${randomCodeGroup(12)}`,
        amount: "50.00",
        status: "approved",
        actorLabel: "test",
      },
    });
    await prisma.$executeRaw`UPDATE card_refunds SET updated_at = ${at("2026-11-24T15:00:00+03:00")} WHERE id = ${refund.id}`;
    await completed("10.00", "2026-11-25T00:00:00+03:00"); // the 25th, at the new rate: 0.30 + 5.00 and 0.10
    await completed("70.00", "2026-11-24T13:00:00+03:00", { status: "canceled", finalAmount: null, completedAt: null }); // never money

    await prisma.$queryRaw`SELECT ledger_backfill()`;
    const sets = () => prisma.ledgerEntrySet.count({ where: { dealerId: tenant.dealer.id } });
    expect(await sets()).toBe(7);
    const pair = { providerId: tenant.provider.id, dealerId: tenant.dealer.id };
    expect(await dailyStatement(prisma, { ...pair, day: "2026-11-23" })).toMatchObject({
      opening: "0.00",
      closing: "97.00",
      serviceFees: "2.50",
      dealerFees: "0.50",
    });
    const day24 = await dailyStatement(prisma, { ...pair, day: "2026-11-24" });
    expect(day24).toMatchObject({
      ...EXAMPLE_DAY,
      opening: "97.00",
      closing: "1039.22",
      owed: { by: "dealer", amount: "1039.22" },
      serviceFeesHeld: "34.79",
      dealerCommission: "9.32",
    });
    expect(day24.from.toISOString()).toBe("2026-11-23T21:00:00.000Z");
    expect(await dailyStatement(prisma, { ...pair, day: "2026-11-25" })).toMatchObject({
      opening: "1039.22",
      deposits: { amount: "10.00", count: 1 },
      serviceFees: "5.30",
      dealerFees: "0.10",
      closing: "1043.82",
    });

    // Again: nothing more for these events, the same figures.
    await prisma.$queryRaw`SELECT ledger_backfill()`;
    expect(await sets()).toBe(7);
    expect(await dailyStatement(prisma, { ...pair, day: "2026-11-24" })).toEqual(day24);
    expect(await unbalancedSets(tenant.dealer.id)).toEqual([]);
  });

  it("backfill: a card payment refunded in two parts gives back exactly its fees", async () => {
    const tenant = await createTenant();
    await addFeeSchedules(tenant.provider.id, new Date("2026-11-01T00:00:00+03:00"));
    const card = await insertTransaction(tenant, {
      method: "CREDIT_CARD",
      direction: "PAYMENT",
      status: "refunded",
      amount: "90.00",
      completedAt: new Date("2026-11-24T12:00:00+03:00"),
      orderId: `ORD-${randomCodeGroup(10)}`,
    });
    for (const [amount, when] of [
      ["30.00", "2026-11-24T14:00:00+03:00"],
      ["60.00", "2026-11-24T16:00:00+03:00"],
    ] as const) {
      const refund = await prisma.cardRefund.create({
        data: {
          transactionId: card.id,
          refundId: `RF-${randomCodeGroup(12)}`,
          amount,
          status: "approved",
          actorLabel: "test",
        },
      });
      await prisma.$executeRaw`UPDATE card_refunds SET updated_at = ${new Date(when)} WHERE id = ${refund.id}`;
    }
    await prisma.$queryRaw`SELECT ledger_backfill()`;
    const sets = await prisma.ledgerEntrySet.findMany({
      where: { transactionId: card.id },
      include: { entries: true },
      orderBy: { id: "asc" },
    });
    expect(sets.map((x) => x.kind)).toEqual(["CARD_PAYMENT", "CARD_REFUND", "CARD_REFUND"]);
    // Fees 2.61 + 0.25 = 2.86 and 0.54; the first third gives back 0.95 and 0.18, the rest 1.91 and 0.36.
    const feesOf = (i: number) =>
      sets[i]!.entries.filter((e) => e.line !== "AMOUNT" && e.amount.isNegative() === i > 0)
        .map((e) => e.amount.abs().toFixed(2))
        .sort();
    expect([feesOf(0), feesOf(1), feesOf(2)]).toEqual([
      ["0.54", "2.86"],
      ["0.18", "0.95"],
      ["0.36", "1.91"],
    ]);
    expect(new Set(Object.values(await sumsBySet(sets.map((x) => x.id))))).toEqual(new Set(["0.00"]));
    expect(
      await dailyStatement(prisma, { providerId: tenant.provider.id, dealerId: tenant.dealer.id, day: "2026-11-24" }),
    ).toMatchObject({
      opening: "0.00",
      cardPayments: { amount: "90.00", count: 1 },
      refunds: { amount: "90.00", count: 2 },
      serviceFees: "0.00",
      dealerFees: "0.00",
      closing: "0.00",
      owed: { by: "nobody", amount: "0.00" },
    });
  });
});
