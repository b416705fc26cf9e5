import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomCodeGroup } from "@/lib/base/crypto/random";
import { addBankAccount } from "@/lib/domain/bank-accounts/add-bank-account";
import { disconnectPrisma, prisma } from "@/lib/base/db/prisma";
import { saveGateway } from "@/lib/domain/third-party/save-gateway";
import { ibanFromBban } from "@/lib/base/iban/iban";
import { addFundedWallet, createTenant, offerGateways } from "../support/fixtures";
import { create, KINDS, stepArbitrary, type Model, type World } from "../support/lifecycle-model/commands";
import { moneyInvariants } from "../support/lifecycle-model/invariants";
import { addModelFees, ledgerInvariants } from "../support/lifecycle-model/ledger-invariants";
import { startTestDatabase, type TestDatabase } from "../support/test-database";
import { startAppServer, testServerEnv, type AppServer } from "../support/test-stack";

// A server of its own: the sandbox bank settles only when the model says so, and no job runner acts
// behind the model's back (the model runs the expiry job and the hand-over job itself).
let database: TestDatabase;
let server: AppServer;
const saved = { DATABASE_URL: process.env.DATABASE_URL, PUBLIC_BASE_URL: process.env.PUBLIC_BASE_URL };
const uniqueDigits = () => String(Date.now()).slice(-9) + String(Math.floor(Math.random() * 1e7)).padStart(7, "0");

beforeAll(async () => {
  database = await startTestDatabase();
  server = await startAppServer({ ...testServerEnv(database), SANDBOX_BANK_SETTLE_MS: "0", JOB_RUNNER: "off" }, [
    database.dir,
  ]);
  await disconnectPrisma();
  Object.assign(process.env, { DATABASE_URL: database.url, PUBLIC_BASE_URL: server.baseUrl });
}, 120_000);

afterAll(async () => {
  await disconnectPrisma();
  Object.assign(process.env, saved);
  await server?.stop();
  await database?.stop();
});

/** A fresh tenant per run: a provider site on a dealer with a bank account, a funded E-IBAN wallet and a gateway. */
async function newWorld(): Promise<World> {
  const tenant = await createTenant({ callbackUrl: `${server.baseUrl}/sandbox/callbacks` });
  await addModelFees(tenant.provider.id);
  await addBankAccount(
    {
      dealerId: tenant.dealer.id,
      bankName: "Model Bank",
      accountName: "Model A.Ş.",
      iban: ibanFromBban("TR", `00010${uniqueDigits()}0`),
      minAmount: "1",
      maxAmount: "100000",
    },
    { label: "model" },
  );
  const walletIban = ibanFromBban("TR", `00829${uniqueDigits()}0`);
  await addFundedWallet({ dealerId: tenant.dealer.id, iban: walletIban, balance: "300.00" });
  const code = `model-${randomCodeGroup(8).toLowerCase()}`;
  const gateway = await saveGateway(
    undefined,
    {
      method: "BANK",
      name: `Model ${code}`,
      code,
      minAmount: "10",
      maxAmount: "10000",
      description: "model",
      isActive: true,
      requiredFields: ["iban"],
      supportedCryptoTypes: [],
    },
    { label: "model" },
  );
  await offerGateways(tenant.site.id, gateway);
  return {
    baseUrl: server.baseUrl,
    creds: tenant.creds,
    credentialKey: tenant.site.credential_key,
    dealerId: tenant.dealer.id,
    providerId: tenant.provider.id,
    walletIban,
    gateway,
    clock: { now: Date.now() },
  };
}

describe("money invariants hold after every step of random runs", () => {
  it("creates, customer actions, staff decisions, bank/gateway/acquirer outcomes (late, repeated, contradicting) and expiry", async () => {
    const runs: string[][] = [];
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary(), { minLength: 15, maxLength: 40 }), async (steps) => {
        const world = await newWorld();
        const model: Model = { codes: [] };
        const trail: string[] = [];
        runs.push(trail);
        // Every run starts with one transaction of each kind, so the random steps always find work.
        for (const step of [...KINDS.map(create), ...steps]) {
          trail.push(step.name);
          await step.run(model, world);
          const problems = [
            ...(await moneyInvariants(world.dealerId)),
            ...(await ledgerInvariants(world.providerId, world.dealerId)),
          ];
          if (problems.length) throw new Error(`after ${trail.join(" → ")}:\n${problems.join("\n")}`);
        }
      }),
      { seed: 20_261_123, numRuns: 30, endOnFailure: true },
    );
    const steps = runs.reduce((n, r) => n + r.length, 0);
    // The runs really exercised the lifecycle: many steps, moves by every kind of actor, reports refused
    // and raised, and transactions ending in each final status.
    const moves = await prisma.transactionEvent.groupBy({
      by: ["actorType", "actorId"],
      where: { NOT: { fromStatus: null } },
      _count: { _all: true },
    });
    const by = (type: string, id?: string) =>
      moves
        .filter((m) => m.actorType === type && (id === undefined || m.actorId === id))
        .reduce((n, m) => n + m._count._all, 0);
    const finals = await prisma.transaction.groupBy({ by: ["status"], _count: { _all: true } });
    const summary = {
      steps,
      customer: by("CUSTOMER"),
      staff: by("CONSOLE_USER"),
      bank: by("GATEWAY", "eiban-bank"),
      acquirer: by("GATEWAY", "card-acquirer"),
      expiry: by("SYSTEM", "expiry"),
      alerts: await prisma.alert.count(),
      statuses: Object.fromEntries(finals.map((f) => [f.status, f._count._all])),
    };
    const secondApprovals = await prisma.secondApproval.groupBy({
      by: ["decision", "fromStatus"],
      _count: { _all: true },
    });
    const approvals = (decision: string | null, from?: string) =>
      secondApprovals
        .filter((a) => a.decision === decision && (from === undefined || a.fromStatus === from))
        .reduce((n, a) => n + a._count._all, 0);
    console.log(
      `model run: ${JSON.stringify(summary)}; second approvals: ${JSON.stringify(secondApprovals.map((a) => [a.decision, a.fromStatus, a._count._all]))}`,
    );
    // Four eyes was exercised: proposals confirmed by a second admin, late completions of expired deposits among them, and declines.
    expect(approvals("confirmed")).toBeGreaterThan(0);
    expect(approvals("confirmed", "expired")).toBeGreaterThan(0);
    expect(approvals("declined")).toBeGreaterThan(0);
    expect(steps).toBeGreaterThan(300);
    for (const n of [summary.customer, summary.staff, summary.bank, summary.acquirer, summary.expiry, summary.alerts])
      expect(n).toBeGreaterThan(0);
    for (const status of ["completed", "canceled", "expired", "rejected", "failed", "success", "refunded"])
      expect(summary.statuses[status] ?? 0, status).toBeGreaterThan(0);
    // The ledger invariants judged real money: every kind of event posted, with fees, and refunds reversed.
    const posted = Object.fromEntries(
      (await prisma.ledgerEntrySet.groupBy({ by: ["kind"], _count: { _all: true } })).map((g) => [
        g.kind,
        g._count._all,
      ]),
    );
    console.log(`ledger sets: ${JSON.stringify(posted)}`);
    for (const kind of ["DEPOSIT", "WITHDRAWAL", "CARD_PAYMENT", "CARD_REFUND"])
      expect(posted[kind] ?? 0, kind).toBeGreaterThan(0);
    expect(await prisma.ledgerEntry.count({ where: { line: { in: ["SERVICE_FEE", "DEALER_FEE"] } } })).toBeGreaterThan(
      0,
    );
  }, 600_000);
});
