import { describe, expect, it } from "vitest";
import { prisma } from "@/lib/base/db/prisma";
import { DomainError } from "@/lib/base/errors/domain-error";
import { formatDateTime } from "@/lib/base/time/format";
import { approveDeposit } from "@/lib/domain/approvals/approve-deposit";
import { pairBalance } from "@/lib/domain/ledger/balances";
import { addFeeSchedule, feeSchedulesOf } from "@/lib/domain/ledger/fee-schedules";
import { postAdjustment } from "@/lib/domain/ledger/post-adjustment";
import { dailyStatement } from "@/lib/domain/ledger/statement";
import { createTenant } from "../support/fixtures";
import { unbalancedSets } from "../support/ledger";
import { insertTransaction } from "../support/transactions";
import { COMMANDS } from "@/lib/edge/admin/commands";

const ADMIN = { label: "admin@ledger.test" };
const refusalKeys = async (work: Promise<unknown>) => {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return (error as DomainError).refusals.map((r) => r.key);
};

describe("fee schedules and manual adjustments", () => {
  it("a rate change applies from its start on and never rewrites what was posted", async () => {
    const tenant = await createTenant();
    const schedule = (effectiveFrom: Date, servicePercent: string) =>
      addFeeSchedule(
        {
          providerId: tenant.provider.id,
          method: "MANUAL_BANK",
          direction: "DEPOSIT",
          effectiveFrom,
          servicePercent,
          serviceFixed: "1",
          dealerPercent: "0.5",
          dealerFixed: "0",
        },
        ADMIN,
      );
    await schedule(new Date(Date.now() - 60_000), "1.5");
    const first = await insertTransaction(tenant, { amount: "1000.00" });
    await approveDeposit(first.id, ADMIN);
    await schedule(new Date(Date.now() + 50), "2.25");
    await new Promise((r) => setTimeout(r, 100));
    const second = await insertTransaction(tenant, { amount: "1000.00" });
    await approveDeposit(second.id, ADMIN);

    const serviceFee = async (transactionId: number) =>
      (
        await prisma.ledgerEntry.findFirstOrThrow({
          where: { line: "SERVICE_FEE", amount: { gt: 0 }, set: { transactionId } },
        })
      ).amount.toFixed(2);
    expect(await serviceFee(first.id)).toBe("16.00");
    expect(await serviceFee(second.id)).toBe("23.50");
    // 1000 - 16 - 5, then 1000 - 23.50 - 5.
    expect(await pairBalance(prisma, tenant.provider.id, tenant.dealer.id)).toBe("1950.50");
    expect((await feeSchedulesOf(prisma, tenant.provider.id)).map((s) => s.servicePercent)).toEqual([
      "2.2500",
      "1.5000",
    ]);
    expect(
      await prisma.auditLog.count({
        where: { action: "fee_schedule.create", after: { path: ["providerId"], equals: tenant.provider.id } },
      }),
    ).toBe(2);

    // Refused: a flow providers do not have, a percentage that is not one, the same start twice.
    const base = {
      providerId: tenant.provider.id,
      method: "MANUAL_BANK",
      direction: "DEPOSIT",
      effectiveFrom: new Date("2030-01-01T00:00:00Z"),
      servicePercent: "1",
      serviceFixed: "0",
      dealerPercent: "0",
      dealerFixed: "0",
    } as const;
    expect(await refusalKeys(addFeeSchedule({ ...base, direction: "PAYMENT" }, ADMIN))).toEqual(["feeFlowUnknown"]);
    expect(await refusalKeys(addFeeSchedule({ ...base, servicePercent: "100.5" }, ADMIN))).toEqual(["percentage"]);
    expect(await refusalKeys(addFeeSchedule({ ...base, dealerPercent: "0.12345" }, ADMIN))).toEqual(["percentage"]);
    await addFeeSchedule(base, ADMIN);
    expect(await refusalKeys(addFeeSchedule(base, ADMIN))).toEqual(["feeScheduleExists"]);
  });

  it("an adjustment is a balanced set of its own, with its reason, audited, on the day's statement", async () => {
    const tenant = await createTenant();
    const deposit = await insertTransaction(tenant, { amount: "100.00" });
    await approveDeposit(deposit.id, ADMIN);
    const { setId } = await postAdjustment(
      {
        dealerId: tenant.dealer.id,
        providerId: tenant.provider.id,
        debit: "DEALER_CASH",
        credit: "PROVIDER_PAYABLE",
        amount: "12.34",
        reason: "bank charge refunded to the provider",
      },
      ADMIN,
    );
    const set = await prisma.ledgerEntrySet.findUniqueOrThrow({ where: { id: setId }, include: { entries: true } });
    expect([set.kind, set.reason, set.recordedBy]).toEqual([
      "ADJUSTMENT",
      "bank charge refunded to the provider",
      ADMIN.label,
    ]);
    expect(await prisma.auditLog.findUniqueOrThrow({ where: { id: set.causeId } })).toMatchObject({
      action: "ledger.adjustment",
      actorLabel: ADMIN.label,
    });
    expect(await pairBalance(prisma, tenant.provider.id, tenant.dealer.id)).toBe("112.34");
    const day = formatDateTime(new Date()).slice(0, 10);
    expect(
      await dailyStatement(prisma, { providerId: tenant.provider.id, dealerId: tenant.dealer.id, day }),
    ).toMatchObject({
      deposits: { amount: "100.00", count: 1 },
      adjustments: { amount: "12.34", count: 1 },
      closing: "112.34",
    });
    expect(await unbalancedSets(tenant.dealer.id)).toEqual([]);

    const adjust = (data: Partial<Parameters<typeof postAdjustment>[0]>) =>
      postAdjustment(
        {
          dealerId: tenant.dealer.id,
          providerId: tenant.provider.id,
          debit: "DEALER_CASH",
          credit: "PROVIDER_PAYABLE",
          amount: "1.00",
          reason: "a reason",
          ...data,
        },
        ADMIN,
      );
    expect(await refusalKeys(adjust({ providerId: null }))).toEqual(["adjustmentAccounts"]);
    expect(await refusalKeys(adjust({ credit: "DEALER_CASH" }))).toEqual(["adjustmentAccounts"]);
    expect(await refusalKeys(adjust({ reason: " x " }))).toEqual(["adjustmentReason"]);
    expect(await refusalKeys(adjust({ amount: "0" }))).toEqual(["atLeast"]);
    expect(await prisma.ledgerEntrySet.count({ where: { kind: "ADJUSTMENT", dealerId: tenant.dealer.id } })).toBe(1);
  });

  it("the admin CLI's ledger commands call the same functions and print plain JSON", async () => {
    const tenant = await createTenant();
    const run = (name: string, flags: Record<string, string>) =>
      COMMANDS[name]!.run({ command: name, positional: [], flags }, { label: "admin CLI" });
    const provider = String(tenant.provider.id);
    const dealer = String(tenant.dealer.id);
    await run("fees:add", {
      provider,
      method: "MANUAL_BANK",
      direction: "DEPOSIT",
      from: "2026-01-01T00:00:00+03:00",
      service: "1.5",
      "service-fixed": "1.00",
      "dealer-share": "0.5",
    });
    expect(JSON.parse(JSON.stringify(await run("fees:list", { provider })))).toMatchObject({
      count: 1,
      fee_schedules: [{ servicePercent: "1.5000", serviceFixed: "1.00", dealerPercent: "0.5000", dealerFixed: "0.00" }],
    });
    const deposit = await insertTransaction(tenant, { amount: "1000.00" });
    await approveDeposit(deposit.id, ADMIN);
    await run("ledger:adjust", {
      dealer,
      provider,
      debit: "PROVIDER_PAYABLE",
      credit: "DEALER_CASH",
      amount: "9.00",
      reason: "paid the provider's bank charge",
    });
    const day = formatDateTime(new Date()).slice(0, 10);
    const statement = JSON.parse(JSON.stringify(await run("ledger:statement", { provider, dealer, day })));
    expect(statement).toMatchObject({
      deposits: { amount: "1000.00", count: 1 },
      serviceFees: "16.00",
      dealerFees: "5.00",
      adjustments: { amount: "-9.00", count: 1 },
      closing: "970.00",
    });
    const balances = JSON.parse(JSON.stringify(await run("ledger:balances", { dealer })));
    expect(balances.balances.find((b: { kind: string }) => b.kind === "DEALER_CASH").balance).toBe("991.00");
    expect(await run("ledger:backfill", {})).toEqual({ written: expect.any(Number) });
    expect(await prisma.ledgerEntrySet.count({ where: { dealerId: tenant.dealer.id } })).toBe(2);
    expect(await refusalKeys(run("ledger:statement", { provider, dealer, day: "24.11.2026" }))).toEqual(["badFormat"]);
  });
});
