import { describe, expect, it } from "vitest";
import { prisma } from "@/lib/base/db/prisma";
import { DomainError } from "@/lib/base/errors/domain-error";
import { formatDateTime } from "@/lib/base/time/format";
import { approveDeposit } from "@/lib/domain/approvals/approve-deposit";
import { pairBalance } from "@/lib/domain/ledger/balances";
import { recordSettlement } from "@/lib/domain/ledger/record-settlement";
import { dailyStatement } from "@/lib/domain/ledger/statement";
import type { SettlementInput } from "@/lib/domain/schemas/ledger";
import { COMMANDS } from "@/lib/edge/admin/commands";
import { createTenant } from "../support/fixtures";
import { addFeeSchedules, sumsBySet, unbalancedSets } from "../support/ledger";
import { insertTransaction } from "../support/transactions";

const ADMIN = { userId: undefined, label: "admin@settlements.test", ip: "203.0.113.9" };
const today = () => formatDateTime(new Date()).slice(0, 10);

/** A pair with the worked example's fees and one approved deposit of 1,000.00: the dealer owes 979.00 and holds 16.00 of fees. */
async function pairWithDeposit() {
  const tenant = await createTenant();
  await addFeeSchedules(tenant.provider.id, new Date(Date.now() - 60_000));
  const deposit = await insertTransaction(tenant, { amount: "1000.00" });
  await approveDeposit(deposit.id, { label: "ops" });
  const input = (data: Partial<SettlementInput> = {}): SettlementInput => ({
    providerId: tenant.provider.id,
    dealerId: tenant.dealer.id,
    direction: "TO_PROVIDER",
    amount: "500.00",
    reference: `FAST-${tenant.dealer.id}-1`,
    paidOn: today(),
    ...data,
  });
  const statement = () =>
    dailyStatement(prisma, { providerId: tenant.provider.id, dealerId: tenant.dealer.id, day: today() });
  return { tenant, input, statement };
}

/** What a refusal leaves behind must be nothing: the dealer's settlements, entry sets and audit entries are counted. */
async function footprint(dealerId: number) {
  const [settlements, sets, audits] = await Promise.all([
    prisma.settlement.count({ where: { dealerId } }),
    prisma.ledgerEntrySet.count({ where: { dealerId } }),
    prisma.auditLog.count({ where: { action: "settlement.create", after: { path: ["dealerId"], equals: dealerId } } }),
  ]);
  return { settlements, sets, audits };
}

const refusalOf = async (work: Promise<unknown>) => {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return { code: (error as DomainError).code, keys: (error as DomainError).refusals.map((r) => r.key) };
};

describe("recording a settlement payment", () => {
  it("posts one balanced SETTLEMENT set caused by the settlement, audited with the IP; the statement shows it and the closing moves", async () => {
    const { tenant, input, statement } = await pairWithDeposit();
    expect(await statement()).toMatchObject({ closing: "979.00", settlements: { amount: "0.00", count: 0 } });

    const { settlement, created } = await recordSettlement(
      input({ reference: "  fast-2026 1124   0001 ", note: "November, first half" }),
      ADMIN,
    );
    expect(created).toBe(true);
    expect(settlement).toMatchObject({
      direction: "TO_PROVIDER",
      amount: "500.00",
      reference: "FAST-2026 1124 0001",
      note: "November, first half",
      paidOn: today(),
      recordedBy: ADMIN.label,
    });

    const sets = await prisma.ledgerEntrySet.findMany({ where: { kind: "SETTLEMENT", causeId: settlement.id } });
    expect(sets).toHaveLength(1);
    expect(sets[0]).toMatchObject({
      providerId: tenant.provider.id,
      dealerId: tenant.dealer.id,
      reason: "FAST-2026 1124 0001",
      recordedBy: ADMIN.label,
    });
    expect(await sumsBySet([sets[0]!.id])).toEqual({
      [`DEALER_CASH:d${tenant.dealer.id}`]: "-500.00",
      [`PROVIDER_PAYABLE:p${tenant.provider.id}:d${tenant.dealer.id}`]: "500.00",
    });
    expect(await unbalancedSets(tenant.dealer.id)).toEqual([]);

    expect(await statement()).toMatchObject({
      opening: "0.00",
      deposits: { amount: "1000.00", count: 1 },
      settlements: { amount: "500.00", count: 1 },
      closing: "479.00",
      owed: { by: "dealer", amount: "479.00" },
      serviceFeesHeld: "16.00",
    });
    const audit = await prisma.auditLog.findFirstOrThrow({
      where: { action: "settlement.create", entityId: String(settlement.id) },
    });
    expect(audit).toMatchObject({ entityType: "settlement", actorLabel: ADMIN.label, ip: ADMIN.ip });
    expect(audit.after).toMatchObject({
      amount: "500.00",
      reference: "FAST-2026 1124 0001",
      direction: "TO_PROVIDER",
      setId: String(sets[0]!.id),
    });

    // The service's fees paid to the service: they leave what the dealer holds for the service, not the provider's balance.
    const fees = await recordSettlement(
      input({ direction: "TO_SERVICE", amount: "16.00", reference: "EFT-FEES-11" }),
      ADMIN,
    );
    const feeSet = await prisma.ledgerEntrySet.findFirstOrThrow({
      where: { kind: "SETTLEMENT", causeId: fees.settlement.id },
    });
    expect(await sumsBySet([feeSet.id])).toEqual({
      [`DEALER_CASH:d${tenant.dealer.id}`]: "-16.00",
      [`SERVICE_FEES:p${tenant.provider.id}:d${tenant.dealer.id}`]: "16.00",
    });
    expect(await statement()).toMatchObject({
      closing: "479.00",
      settlements: { amount: "500.00", count: 1 },
      serviceSettlements: { amount: "16.00", count: 1 },
      serviceFeesHeld: "0.00",
    });
  });

  it("records a reference once: a repeat, in another case or spacing, answers the recorded payment and writes nothing", async () => {
    const { tenant, input } = await pairWithDeposit();
    const first = await recordSettlement(input({ reference: "Havale 77" }), ADMIN);
    const before = await footprint(tenant.dealer.id);
    const again = await recordSettlement(input({ reference: " HAVALE   77", note: "typed again" }), {
      label: "second.admin@settlements.test",
    });
    expect(again).toEqual({ created: false, settlement: first.settlement });
    expect(await footprint(tenant.dealer.id)).toEqual(before);
    // The same reference for the other direction is another payment.
    expect(
      (await recordSettlement(input({ reference: "Havale 77", direction: "TO_SERVICE", amount: "5.00" }), ADMIN))
        .created,
    ).toBe(true);
    expect(await pairBalance(prisma, tenant.provider.id, tenant.dealer.id)).toBe("479.00");
  });

  it("records a reference once under concurrent calls: one writes, the others wait on the index and find it", async () => {
    const { tenant, input } = await pairWithDeposit();
    const results = await Promise.all(
      Array.from({ length: 6 }, () => recordSettlement(input({ reference: "RACE-1" }), ADMIN)),
    );
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.settlement.id)).size).toBe(1);
    expect(await footprint(tenant.dealer.id)).toEqual({ settlements: 1, sets: 2, audits: 1 });
    expect(await pairBalance(prisma, tenant.provider.id, tenant.dealer.id)).toBe("479.00");
    expect(await unbalancedSets(tenant.dealer.id)).toEqual([]);
  });

  it("refuses with keyed refusals and changes nothing", async () => {
    const { tenant, input } = await pairWithDeposit();
    await recordSettlement(input({ reference: "TAKEN-1" }), ADMIN);
    const before = await footprint(tenant.dealer.id);
    const stranger = await createTenant();
    const tomorrow = formatDateTime(new Date(Date.now() + 36 * 3600_000)).slice(0, 10);
    const cases: [Partial<SettlementInput>, string, string][] = [
      [{ amount: "0" }, "VALIDATION", "atLeast"],
      [{ amount: "-5.00" }, "VALIDATION", "decimals"],
      [{ amount: "1.005" }, "VALIDATION", "decimals"],
      [{ reference: "   " }, "VALIDATION", "required"],
      [{ reference: "x".repeat(101) }, "VALIDATION", "maxChars"],
      [{ paidOn: tomorrow }, "VALIDATION", "settlementPaidLater"],
      [{ paidOn: "2026-02-30" }, "VALIDATION", "badFormat"],
      [{ direction: "TO_DEALER" as SettlementInput["direction"] }, "VALIDATION", "notAllowed"],
      [{ providerId: stranger.provider.id }, "VALIDATION", "settlementNoPair"],
      [{ providerId: 2_000_000_000 }, "VALIDATION", "referenceMissing"],
      [{ reference: "taken-1", amount: "499.99" }, "CONFLICT", "settlementReferenceTaken"],
    ];
    for (const [data, code, key] of cases)
      expect(await refusalOf(recordSettlement(input(data), ADMIN)), JSON.stringify(data)).toEqual({
        code,
        keys: [key],
      });
    // Dealer staff act for their dealer: never theirs to record.
    expect(
      await refusalOf(
        recordSettlement(input({ reference: "STAFF-1" }), { label: "staff@dealer.test", dealerId: tenant.dealer.id }),
      ),
    ).toEqual({ code: "FORBIDDEN", keys: ["settlementAdminsOnly"] });
    expect(await footprint(tenant.dealer.id)).toEqual(before);
    expect(await pairBalance(prisma, tenant.provider.id, tenant.dealer.id)).toBe("479.00");
  });

  it("is never changed or removed, like the book", async () => {
    const { input } = await pairWithDeposit();
    const { settlement } = await recordSettlement(input({ reference: "KEEP-1" }), ADMIN);
    await expect(prisma.$executeRaw`UPDATE settlements SET amount = 1 WHERE id = ${settlement.id}`).rejects.toThrow(
      /append-only/,
    );
    await expect(prisma.$executeRaw`DELETE FROM settlements WHERE id = ${settlement.id}`).rejects.toThrow(
      /append-only/,
    );
  });

  it("the admin CLI records with ledger:settle and lists with ledger:settlements", async () => {
    const { tenant } = await pairWithDeposit();
    const run = (name: string, flags: Record<string, string>) =>
      COMMANDS[name]!.run({ command: name, positional: [], flags }, { label: "admin CLI" });
    const flags = {
      provider: String(tenant.provider.id),
      dealer: String(tenant.dealer.id),
      amount: "250.50",
      reference: "cli-1",
      "paid-on": today(),
    };
    expect(JSON.parse(JSON.stringify(await run("ledger:settle", flags)))).toMatchObject({
      created: true,
      settlement: { amount: "250.50", reference: "CLI-1", direction: "TO_PROVIDER", recordedBy: "admin CLI" },
    });
    expect(JSON.parse(JSON.stringify(await run("ledger:settle", flags)))).toMatchObject({ created: false });
    await run("ledger:settle", { ...flags, to: "service", amount: "16.00" });
    const listed = JSON.parse(JSON.stringify(await run("ledger:settlements", { dealer: String(tenant.dealer.id) })));
    expect(listed.count).toBe(2);
    expect(listed.settlements.map((s: { direction: string }) => s.direction)).toEqual(["TO_SERVICE", "TO_PROVIDER"]);
    expect(await refusalOf(run("ledger:settle", { ...flags, to: "nobody", reference: "cli-2" }))).toEqual({
      code: "VALIDATION",
      keys: ["notAllowed"],
    });
    expect(await pairBalance(prisma, tenant.provider.id, tenant.dealer.id)).toBe("728.50");
  });
});
