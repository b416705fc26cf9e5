import { beforeAll, describe, expect, it } from "vitest";
import { randomCodeGroup } from "@/lib/base/crypto/random";
import { prisma } from "@/lib/base/db/prisma";
import { DomainError } from "@/lib/base/errors/domain-error";
import type { Prisma, TransactionStatus } from "@/lib/generated/prisma/client";
import { saveGateway } from "@/lib/domain/third-party/save-gateway";
import { ibanFromBban } from "@/lib/base/iban/iban";
import {
  ACTOR_ROLES,
  ALL_STATUSES,
  callbackOwed,
  FLOWS,
  ruleFor,
  statesOf,
  type ActorRole,
  type Lifecycle,
} from "@/lib/domain/payment-methods";
import {
  ACQUIRER,
  BANK,
  CUSTOMER,
  EXPIRY,
  gatewayActor,
  staffActor,
  SYSTEM,
  type TransitionActor,
} from "@/lib/domain/transactions/transition-actor";
import { decideOrPropose } from "@/lib/domain/transactions/propose-transition";
import { transitionTransaction } from "@/lib/domain/transactions/transition-transaction";
import { addFundedWallet, createTenant } from "../support/fixtures";
import { longStandingAdmin } from "../support/second-admin";

type Tenant = Awaited<ReturnType<typeof createTenant>>;
type Setting = {
  tenant: Tenant;
  gateway: { id: number; code: string };
  otherGateway: { id: number; code: string };
  walletId: number;
};

let s: Setting;
const uniqueDigits = () => String(Date.now()).slice(-9) + String(Math.floor(Math.random() * 1e7)).padStart(7, "0");

beforeAll(async () => {
  const tenant = await createTenant();
  const suffix = randomCodeGroup(6).toLowerCase();
  const make = (code: string) =>
    saveGateway(
      undefined,
      {
        method: "BANK",
        name: `Table ${code}`,
        code,
        minAmount: "1",
        maxAmount: "100000",
        description: "table",
        isActive: true,
        requiredFields: [],
        supportedCryptoTypes: [],
      },
      { label: "test" },
    );
  const [gateway, otherGateway] = [await make(`table-${suffix}`), await make(`table-other-${suffix}`)];
  const wallet = await addFundedWallet({
    dealerId: tenant.dealer.id,
    iban: ibanFromBban("TR", `00829${uniqueDigits()}0`),
    balance: "100000.00",
  });
  s = { tenant, gateway, otherGateway, walletId: wallet.id };
});

function actorFor(role: ActorRole, setting: Setting): TransitionActor {
  switch (role) {
    case "customer":
      return CUSTOMER;
    case "admin":
      return staffActor({ label: "admin@table" });
    case "dealer_staff":
      return staffActor({ label: "staff@table", dealerId: setting.tenant.dealer.id });
    case "bank":
      return BANK;
    case "acquirer":
      return ACQUIRER;
    case "gateway":
      return gatewayActor(setting.gateway);
    case "expiry":
      return EXPIRY;
    case "system":
      return SYSTEM;
  }
}

/** A transaction of this flow in `status`, as the create endpoints and earlier moves would leave it. */
function row(
  method: string,
  lifecycle: Lifecycle,
  status: TransactionStatus,
  setting: Setting,
): Prisma.TransactionUncheckedCreateInput {
  const provider = lifecycle.origin === "PROVIDER";
  return {
    trackingCode: `${lifecycle.prefix}-${randomCodeGroup()}-${Math.floor(Date.now() / 1000)}`,
    method: method as Prisma.TransactionUncheckedCreateInput["method"],
    direction: lifecycle.direction,
    origin: lifecycle.origin,
    status,
    providerId: provider ? setting.tenant.provider.id : null,
    siteId: provider ? setting.tenant.site.id : null,
    dealerId: setting.tenant.dealer.id,
    userId: "u-table",
    username: "table",
    fullname: "Tablo Testi",
    amount: "100.00",
    iban: lifecycle.direction === "WITHDRAWAL" ? "TR330006100519786457841326" : null,
    orderId: lifecycle.direction === "PAYMENT" ? `ORD-${randomCodeGroup(12)}` : null,
    eibanWalletId: method === "EIBAN" ? setting.walletId : null,
    gatewayId: method.startsWith("TP_") ? setting.gateway.id : null,
    expiresAt: new Date(Date.now() + 3600_000),
  };
}

type Case = { method: string; lifecycle: Lifecycle; from: TransactionStatus; to: TransactionStatus; role: ActorRole };

async function runCase(c: Case, setting: Setting) {
  const t = await prisma.transaction.create({ data: row(c.method, c.lifecycle, c.from, setting) });
  // Evidence for moves that need the bank's incoming payment: one unmatched line on the deposit's account.
  const line =
    c.method === "EIBAN" && c.lifecycle.direction === "DEPOSIT"
      ? await prisma.eibanTransaction.create({
          data: {
            walletId: setting.walletId,
            externalId: `TBL-${randomCodeGroup(12)}`,
            direction: "incoming",
            amount: "100.00",
            occurredAt: new Date(),
          },
        })
      : null;
  let outcome: "applied" | "refused";
  try {
    await prisma.$transaction((tx) =>
      transitionTransaction(tx, { id: t.id, to: c.to, actor: actorFor(c.role, setting), bankLineId: line?.id }),
    );
    outcome = "applied";
  } catch (error) {
    if (!(error instanceof DomainError && error.code === "INVALID_TRANSITION")) throw error;
    outcome = "refused";
  }
  const [after, events, deliveries] = await Promise.all([
    prisma.transaction.findUniqueOrThrow({ where: { id: t.id }, select: { status: true } }),
    prisma.transactionEvent.count({ where: { transactionId: t.id } }),
    prisma.callbackDelivery.count({ where: { transactionId: t.id } }),
  ]);
  return { outcome, status: after.status, events, deliveries };
}

async function inParallel<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i]!);
      }
    }),
  );
  return results;
}

describe("the lifecycle table is the law", () => {
  it("every (method, flow, from, to, actor): exactly the table's transitions succeed; every other one is refused without a change, a history entry or a callback", async () => {
    const cases: Case[] = FLOWS.flatMap(({ method, lifecycle }) =>
      statesOf(lifecycle).flatMap((from) =>
        ALL_STATUSES.flatMap((to) => ACTOR_ROLES.map((role) => ({ method, lifecycle, from, to, role }))),
      ),
    );
    expect(cases.length).toBeGreaterThan(4000);
    const results = await inParallel(cases, 8, (c) => runCase(c, s));
    // A move that always needs four eyes or the bank's reference is refused to one person without them
    // (their conditions are proved below); every other listed move is made by its actor alone.
    const alone = (c: Case) => {
      const rule = ruleFor(c.lifecycle, c.from, c.to, c.role);
      return rule !== null && rule.fourEyes !== "always" && rule.evidence === undefined;
    };
    expect(cases.filter((c) => ruleFor(c.lifecycle, c.from, c.to, c.role) && !alone(c)).length).toBeGreaterThan(0);
    const wrong = cases.flatMap((c, i) => {
      const r = results[i]!;
      const allowed = alone(c);
      const expected = allowed
        ? { outcome: "applied", status: c.to, events: 1, deliveries: callbackOwed(c.lifecycle, c.to) ? 1 : 0 }
        : { outcome: "refused", status: c.from, events: 0, deliveries: 0 };
      return JSON.stringify(r) === JSON.stringify(expected)
        ? []
        : [
            `${c.lifecycle.name}: ${c.from} -> ${c.to} by ${c.role}: got ${JSON.stringify(r)}, want ${JSON.stringify(expected)}`,
          ];
    });
    expect(wrong).toEqual([]);
    const applied = results.filter((r) => r.outcome === "applied").length;
    expect(applied).toBe(cases.filter(alone).length);
  }, 600_000);
});

describe("conditions the table attaches to a move", () => {
  const flow = (name: string) => FLOWS.find((f) => f.lifecycle.name === name)!;
  const insert = (
    name: string,
    status: TransactionStatus,
    extra: Partial<Prisma.TransactionUncheckedCreateInput> = {},
  ) => prisma.transaction.create({ data: { ...row(flow(name).method, flow(name).lifecycle, status, s), ...extra } });
  const move = (
    id: number,
    to: TransactionStatus,
    actor: TransitionActor,
    extra: { finalAmount?: string; bankLineId?: number } = {},
  ) => prisma.$transaction((tx) => transitionTransaction(tx, { id, to, actor, ...extra }));

  it("after expires_at the customer can no longer act and a withdrawal can no longer be handed to its gateway; expiry still can", async () => {
    const past = { expiresAt: new Date(Date.now() - 1000) };
    const deposit = await insert("Manual bank deposit", "showing", past);
    await expect(move(deposit.id, "pending", CUSTOMER)).rejects.toMatchObject({
      code: "INVALID_TRANSITION",
      details: { reason: { why: "guard" } },
    });
    const withdrawal = await insert("Third-party bank withdrawal", "showing", past);
    await expect(move(withdrawal.id, "processing", SYSTEM)).rejects.toMatchObject({
      details: { reason: { why: "guard" } },
    });
    await move(withdrawal.id, "canceled", EXPIRY);
  });

  it("an E-IBAN withdrawal whose transfer was sent is the bank's to decide: staff cannot reject it", async () => {
    const w = await insert("E-IBAN withdrawal", "processing");
    await prisma.transfer.create({
      data: {
        transferId: `TRF-${randomCodeGroup()}`,
        dealerId: s.tenant.dealer.id,
        walletId: s.walletId,
        transactionId: w.id,
        amount: "100.00",
        recipientIban: "TR330006100519786457841326",
        recipientName: "X",
      },
    });
    await expect(move(w.id, "rejected", staffActor({ label: "ops" }))).rejects.toMatchObject({
      details: { reason: { why: "guard" } },
    });
    await move(w.id, "completed", BANK);
  });

  it("a gateway speaks only for its own transactions, and a confirmed amount stays within the order", async () => {
    const deposit = await insert("Third-party bank deposit", "pending");
    await expect(move(deposit.id, "completed", gatewayActor(s.otherGateway))).rejects.toMatchObject({
      details: { reason: { why: "binding" } },
    });
    await expect(
      move(deposit.id, "completed", gatewayActor(s.gateway), { finalAmount: "100.01" }),
    ).rejects.toMatchObject({ details: { reason: { why: "amount" } } });
    await expect(move(deposit.id, "completed", gatewayActor(s.gateway), { finalAmount: "0.00" })).rejects.toMatchObject(
      { details: { reason: { why: "amount" } } },
    );
    const { transaction } = await move(deposit.id, "completed", gatewayActor(s.gateway), { finalAmount: "99.50" });
    expect(transaction.finalAmount?.toFixed(2)).toBe("99.50");
  });

  it("an E-IBAN deposit completes only with an unmatched incoming payment on its own account, at that payment's amount", async () => {
    const deposit = await insert("E-IBAN deposit", "pending");
    const admin = staffActor({ label: "ops" });
    await expect(move(deposit.id, "completed", admin)).rejects.toMatchObject({
      details: { reason: { why: "evidence" } },
    });
    const outgoing = await prisma.eibanTransaction.create({
      data: {
        walletId: s.walletId,
        externalId: `TBL-${randomCodeGroup(12)}`,
        direction: "outgoing",
        amount: "100.00",
        occurredAt: new Date(),
      },
    });
    await expect(move(deposit.id, "completed", admin, { bankLineId: outgoing.id })).rejects.toMatchObject({
      details: { reason: { why: "evidence" } },
    });
    const line = await prisma.eibanTransaction.create({
      data: {
        walletId: s.walletId,
        externalId: `TBL-${randomCodeGroup(12)}`,
        direction: "incoming",
        amount: "97.25",
        occurredAt: new Date(),
      },
    });
    const { transaction } = await move(deposit.id, "completed", admin, { bankLineId: line.id });
    expect(transaction.finalAmount?.toFixed(2)).toBe("97.25");
    const again = await insert("E-IBAN deposit", "pending");
    await expect(move(again.id, "completed", admin, { bankLineId: line.id })).rejects.toMatchObject({
      details: { reason: { why: "evidence" } },
    });
  });

  it("a move without an amount rule keeps the requested amount; staff of another dealer find nothing", async () => {
    const withdrawal = await insert("Manual bank withdrawal", "processing");
    await expect(
      move(withdrawal.id, "completed", staffActor({ label: "ops" }), { finalAmount: "1.00" }),
    ).rejects.toMatchObject({ details: { reason: { why: "amount" } } });
    await expect(
      move(withdrawal.id, "completed", staffActor({ label: "ops", dealerId: s.tenant.dealer.id + 100_000 })),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await prisma.transaction.findUniqueOrThrow({ where: { id: withdrawal.id } })).status).toBe("processing");
  });

  it("a staff-typed amount is at most the owning account's maximum per transaction", async () => {
    const deposit = await insert("Manual bank deposit", "pending");
    await expect(
      move(deposit.id, "completed", staffActor({ label: "ops" }), { finalAmount: "1000000.01" }),
    ).rejects.toMatchObject({ code: "VALIDATION" });
    expect((await prisma.transaction.findUniqueOrThrow({ where: { id: deposit.id } })).status).toBe("pending");
  });

  it("four eyes: a differing amount or a late completion moves only with an open proposal that another admin confirms as proposed", async () => {
    const first = staffActor({ label: "first@table" });
    const second = staffActor(await longStandingAdmin("second.table"));
    const propose = (id: number, finalAmount: string, reference?: string) =>
      prisma.$transaction((tx) => decideOrPropose(tx, { id, to: "completed", actor: first, finalAmount, reference }));
    // The requested amount needs no second person; within FOUR_EYES_AMOUNT_TOLERANCE (0.00) any difference does.
    const same = await insert("Manual bank deposit", "pending");
    expect((await propose(same.id, "100.00")).outcome).toBe("applied");
    const changed = await insert("Manual bank deposit", "pending");
    await expect(move(changed.id, "completed", second, { finalAmount: "99.99" })).rejects.toMatchObject({
      details: { reason: { why: "four_eyes" } },
    });
    const proposed = await propose(changed.id, "99.99");
    if (proposed.outcome !== "proposed") throw new Error("expected a proposal");
    const confirm = (
      actor: TransitionActor,
      finalAmount = "99.99",
      reference?: string,
      id = changed.id,
      secondApprovalId = proposed.proposal.id,
    ) =>
      prisma.$transaction((tx) =>
        transitionTransaction(tx, { id, to: "completed", actor, finalAmount, reference, secondApprovalId }),
      );
    for (const [actor, amount] of [
      [first, "99.99"],
      [staffActor({ label: "staff@table", dealerId: s.tenant.dealer.id }), "99.99"],
      [staffActor({ label: "cli", viaCli: true }), "99.99"],
      [second, "98.00"],
    ] as const) {
      await expect(confirm(actor, amount)).rejects.toMatchObject({ details: { reason: { why: "four_eyes" } } });
    }
    expect(await prisma.callbackDelivery.count({ where: { transactionId: changed.id } })).toBe(0);
    const { transaction } = await confirm(second);
    expect(transaction.finalAmount?.toFixed(2)).toBe("99.99");
    await expect(confirm(second)).rejects.toMatchObject({ code: "INVALID_TRANSITION" });

    const expired = await insert("Manual bank deposit", "expired");
    await expect(propose(expired.id, "100.00")).rejects.toMatchObject({ details: { reason: { why: "reference" } } });
    const late = await propose(expired.id, "100.00", "BNK-1");
    if (late.outcome !== "proposed") throw new Error("a late completion always needs four eyes");
    await expect(confirm(second, "100.00", "BNK-2", expired.id, late.proposal.id)).rejects.toMatchObject({
      details: { reason: { why: "four_eyes" } },
    });
    await confirm(second, "100.00", "BNK-1", expired.id, late.proposal.id);
    expect(
      await prisma.callbackDelivery.findMany({ where: { transactionId: expired.id }, select: { status: true } }),
    ).toEqual([{ status: "completed" }]);
  });
});
