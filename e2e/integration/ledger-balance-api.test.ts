/**
 * The balance endpoints (docs/integration.md "Balances: who owes whom") over real HTTP through the SDK: the
 * figures of docs/ledger.md's worked example, hand-computed, as of now and as of earlier instants; each caller
 * sees only its own counterparties; a bad as_of is 422 and reads nothing; a wrong hash and a site integration
 * are refused.
 */
import { beforeAll, describe, expect, inject, it } from "vitest";
import { randomCodeGroup } from "@/lib/base/crypto/random";
import { prisma } from "@/lib/base/db/prisma";
import { approveDeposit } from "@/lib/domain/approvals/approve-deposit";
import { processWithdrawal } from "@/lib/domain/approvals/process-withdrawal";
import { applyAcquirerOutcome } from "@/lib/domain/cards/apply-acquirer-outcome";
import { refundCardPayment } from "@/lib/domain/cards/refund-card-payment";
import { createDealer } from "@/lib/domain/dealers/create-dealer";
import { createProvider } from "@/lib/domain/providers/create-provider";
import { createSite } from "@/lib/domain/sites/create-site";
import { staffActor } from "@/lib/domain/transactions/transition-actor";
import { transitionTransaction } from "@/lib/domain/transactions/transition-transaction";
import { createTenant } from "../support/fixtures";
import { addFeeSchedules } from "../support/ledger";
import { chargedAtSandboxAcquirer } from "../support/sandbox-acquirer";
import { testDealerClient, testProviderClient, testSiteIntegrationClient } from "../support/sdk-clients";
import { signedRequest } from "../support/signed-request";
import { issueSiteIntegration } from "../support/site-integrations";
import { insertTransaction } from "../support/transactions";

const baseUrl = inject("baseUrl");
const ADMIN = { label: "admin@balance-api.test" };
const IBAN = "TR330006100519786457841326";
const tick = () => new Promise((r) => setTimeout(r, 5));

type World = Awaited<ReturnType<typeof buildWorld>>;

/**
 * Provider P (the worked example's fees) with dealers X and Y; X also carries provider Q's money and its own;
 * an unrelated tenant beside them. The instants between the events are kept to read as of them.
 */
async function buildWorld() {
  const main = await createTenant();
  const other = await createTenant();
  await addFeeSchedules(main.provider.id, new Date("2026-01-01T00:00:00+03:00"));
  const names = {
    x: (await prisma.dealer.findUniqueOrThrow({ where: { id: main.dealer.id } })).name,
    p: (await prisma.provider.findUniqueOrThrow({ where: { id: main.provider.id } })).name,
    y: `Dealer Y ${randomCodeGroup(4)}`,
    q: `Provider Q ${randomCodeGroup(4)}`,
  };
  const y = await createDealer({ name: names.y, methods: ["manual_iban"], ips: ["127.0.0.0/8"] }, ADMIN);
  const siteY = await createSite(
    { providerId: main.provider.id, dealerId: y.id, name: "Site on Y", returnUrl: "https://site.example/back" },
    ADMIN,
  );
  const q = await createProvider({ name: names.q, ips: ["127.0.0.1"] }, ADMIN);
  const siteQ = await createSite(
    { providerId: q.id, dealerId: main.dealer.id, name: "Q on X", returnUrl: "https://site.example/back" },
    ADMIN,
  );
  const approved = async (tenant: Parameters<typeof insertTransaction>[0], amount: string) => {
    const deposit = await insertTransaction(tenant, { amount });
    expect((await approveDeposit(deposit.id, ADMIN)).outcome).toBe("applied");
  };

  const beforeAll = new Date();
  await tick();
  // The worked example on P and X: two deposits, a withdrawal, a card payment and a partial refund.
  await approved(main, "1000.00");
  await approved(main, "333.33");
  const withdrawal = await insertTransaction(main, {
    direction: "WITHDRAWAL",
    status: "processing",
    amount: "500.00",
    iban: IBAN,
  });
  await processWithdrawal(withdrawal.id, "complete", ADMIN);
  const orderId = `ORD-${randomCodeGroup(10)}`;
  const card = await insertTransaction(main, {
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
  await tick();
  const beforeRefund = new Date();
  await tick();
  await refundCardPayment(card.id, ADMIN, "partly returned", "50.00");
  // P's money on Y, Q's on X (no fee schedule: no fees), X's own deposit, the other tenant's.
  await approved({ provider: main.provider, dealer: y, site: siteY }, "100.00");
  await approved({ provider: q, dealer: main.dealer, site: siteQ }, "40.00");
  const own = await insertTransaction(main, { origin: "DEALER", providerId: null, siteId: null, amount: "25.00" });
  await prisma.$transaction((tx) =>
    transitionTransaction(tx, { id: own.id, to: "completed", actor: staffActor({ label: ADMIN.label, viaCli: true }) }),
  );
  await approved(other, "10.00");

  return {
    names,
    main,
    other,
    y,
    q,
    beforeAll,
    beforeRefund,
    provider: testProviderClient(main.creds),
    dealer: testDealerClient(main.dealerCreds),
  };
}

let world: World;
beforeAll(async () => {
  world = await buildWorld();
}, 120_000);

describe("POST /api/provider/balance", () => {
  it("answers each of the provider's dealers with the hand-computed balance and their total, now and as of earlier instants", async () => {
    const { main, y, names, provider } = world;
    const now = await provider.getBalance();
    expect(now.ok && now.data).toEqual({
      success: true,
      data: {
        as_of: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        currency: "TRY",
        // X: 942.22 (docs/ledger.md); Y: 100.00 - 2.50 - 0.50. Q's money on X and the other tenant's are not here.
        dealers: [
          { dealer: { id: main.dealer.id, name: names.x }, balance: "942.22" },
          { dealer: { id: y.id, name: names.y }, balance: "97.00" },
        ],
        total: "1039.22",
      },
    });
    // Before the refund the pair stood 48.19 higher (50.00 back, less 1.81 of fees returned); Y had nothing yet.
    const asOf = world.beforeRefund.toISOString();
    const earlier = await provider.getBalance({ as_of: asOf });
    expect(earlier.ok && earlier.data.data).toMatchObject({
      as_of: asOf,
      dealers: [{ balance: "990.41" }, { balance: "0.00" }],
      total: "990.41",
    });
    // The same instant written with Istanbul's offset names the same moment.
    const offset = new Date(world.beforeRefund.getTime() + 3 * 3_600_000)
      .toISOString()
      .replace(/\.(\d{3})Z$/, ".$1+03:00");
    const same = await provider.getBalance({ as_of: offset });
    expect(same.ok && same.data.data).toEqual(earlier.ok && earlier.data.data);
    // Before every event: nothing is owed to anyone.
    const before = await provider.getBalance({ as_of: world.beforeAll.toISOString() });
    expect(before.ok && before.data.data).toMatchObject({
      dealers: [{ balance: "0.00" }, { balance: "0.00" }],
      total: "0.00",
    });
  });

  it("shows a provider only its own dealers: the other tenant sees its one dealer, a new provider nothing", async () => {
    const other = await testProviderClient(world.other.creds).getBalance();
    expect(other.ok && other.data.data).toMatchObject({
      dealers: [{ dealer: { id: world.other.dealer.id }, balance: "10.00" }],
      total: "10.00",
    });
    const fresh = await createTenant();
    const nothing = await testProviderClient(fresh.creds).getBalance();
    expect(nothing.ok && nothing.data.data).toMatchObject({ dealers: [], total: "0.00" });
  });
});

describe("GET /api/dealer/balance", () => {
  it("answers each of the dealer's providers with what it owes, the service's fees and its commission, the totals, its own money and its cash", async () => {
    const { main, q, names, dealer } = world;
    const now = await dealer.getBalance();
    expect(now.ok && now.data.data).toEqual({
      as_of: expect.any(String),
      currency: "TRY",
      providers: [
        {
          provider: { id: main.provider.id, name: names.p },
          owed_to_provider: "942.22",
          service_fees: "32.29",
          commission: "8.82",
        },
        { provider: { id: q.id, name: names.q }, owed_to_provider: "40.00", service_fees: "0.00", commission: "0.00" },
      ],
      totals: { owed_to_providers: "982.22", service_fees: "32.29", commission: "8.82" },
      own: "25.00",
      // 1,333.33 - 500.00 + 200.00 - 50.00 of P's, 40.00 of Q's, 25.00 its own.
      cash: "1048.33",
    });
    const earlier = await dealer.getBalance({ as_of: world.beforeRefund.toISOString() });
    expect(earlier.ok && earlier.data.data).toMatchObject({
      providers: [
        { owed_to_provider: "990.41", service_fees: "33.80", commission: "9.12" },
        { owed_to_provider: "0.00" },
      ],
      totals: { owed_to_providers: "990.41", service_fees: "33.80", commission: "9.12" },
      own: "0.00",
      cash: "1033.33",
    });
    const before = await dealer.getBalance({ as_of: world.beforeAll.toISOString() });
    expect(before.ok && before.data.data).toMatchObject({
      totals: { owed_to_providers: "0.00", service_fees: "0.00", commission: "0.00" },
      own: "0.00",
      cash: "0.00",
    });
  });

  it("shows a dealer only its own providers: Y sees P alone, the other tenant's dealer its one provider", async () => {
    const yBalance = await testDealerClient({ apiKey: world.y.api_key, secretKey: world.y.secret_key }).getBalance();
    expect(yBalance.ok && yBalance.data.data).toMatchObject({
      providers: [
        {
          provider: { id: world.main.provider.id },
          owed_to_provider: "97.00",
          service_fees: "2.50",
          commission: "0.50",
        },
      ],
      cash: "100.00",
    });
    const other = await testDealerClient(world.other.dealerCreds).getBalance();
    expect(other.ok && other.data.data.providers.map((p) => p.provider.id)).toEqual([world.other.provider.id]);
  });
});

describe("refusals", () => {
  const validation = (messages: unknown) => ({ success: false, error: "Validation failed", messages });

  it("a malformed or future as_of is 422 in the contract's shape and reads nothing", async () => {
    const { provider, dealer, main } = world;
    const setsBefore = await prisma.ledgerEntrySet.count({ where: { dealerId: main.dealer.id } });
    const future = new Date(Date.now() + 60_000).toISOString();
    const shape =
      "as_of must be an ISO 8601 instant with Z or an offset, such as 2026-11-24T21:00:00Z or 2026-11-25T00:00:00+03:00";
    for (const [asOf, message] of [
      [future, "as_of must not be in the future"],
      ["2026-11-24", shape],
      ["2026-11-24T21:00:00", shape],
      ["2026-02-30T00:00:00Z", shape],
      ["yesterday", shape],
    ] as const) {
      for (const answer of [await provider.getBalance({ as_of: asOf }), await dealer.getBalance({ as_of: asOf })]) {
        expect(answer.ok, asOf).toBe(false);
        expect(!answer.ok && [answer.status, answer.error], asOf).toEqual([422, validation([message])]);
      }
    }
    const wrongType = await signedRequest(baseUrl, "/api/provider/balance", main.creds, {
      body: { as_of: 1795860309 },
    });
    expect([wrongType.status, wrongType.json]).toEqual([422, validation(["as_of must be a string"])]);
    const unknown = await signedRequest(baseUrl, "/api/provider/balance", main.creds, {
      body: { asof: "2026-11-24T21:00:00Z" },
    });
    expect(unknown.status).toBe(422);
    // "+" unescaped in a query string reads as a space: not an instant.
    const unescaped = await signedRequest(
      baseUrl,
      "/api/dealer/balance?as_of=2026-11-25T00:00:00+03:00",
      main.dealerCreds,
      { method: "GET" },
    );
    expect([unescaped.status, unescaped.json]).toEqual([422, validation([shape])]);
    const escaped = await signedRequest(
      baseUrl,
      `/api/dealer/balance?as_of=${encodeURIComponent("2026-11-25T00:00:00+03:00")}`,
      main.dealerCreds,
      { method: "GET" },
    );
    expect([escaped.status, (escaped.json.data as { as_of: string }).as_of]).toEqual([200, "2026-11-24T21:00:00.000Z"]);
    expect(await prisma.ledgerEntrySet.count({ where: { dealerId: main.dealer.id } })).toBe(setsBefore);
    const again = await provider.getBalance();
    expect(again.ok && again.data.data.total).toBe("1039.22");
  });

  it("a wrong hash is 401 Invalid hash naming the formula, as on every endpoint; a site integration is 403 whatever its scopes", async () => {
    const { main } = world;
    const wrongProvider = await signedRequest(
      baseUrl,
      "/api/provider/balance",
      { apiKey: main.creds.apiKey, secretKey: "not-the-secret" },
      { body: {} },
    );
    expect(wrongProvider.status).toBe(401);
    expect(wrongProvider.json).toMatchObject({ success: false, error: "Invalid hash" });
    expect(String(wrongProvider.json.message)).toContain("H(api_key + secret_key + timestamp)");
    const wrongDealer = await testDealerClient({
      apiKey: main.dealerCreds.apiKey,
      secretKey: "not-the-secret",
    }).getBalance();
    expect(!wrongDealer.ok && [wrongDealer.status, wrongDealer.error.error]).toEqual([401, "Invalid hash"]);
    // A provider's keys on the dealer's endpoint and the dealer's on the provider's are unknown keys.
    const crossed = await signedRequest(baseUrl, "/api/dealer/balance", main.creds, { method: "GET" });
    expect(crossed.status).toBe(401);

    const site = await issueSiteIntegration(main.dealer.id, {
      scopes: ["settings", "deposits", "card-payments", "withdrawals", "eibans", "send-money", "records"],
    });
    const refused = await testSiteIntegrationClient(site.creds).getBalance();
    expect(!refused.ok && [refused.status, refused.error]).toEqual([
      403,
      {
        success: false,
        error: "Scope not allowed",
        message: "GET /api/dealer/balance is not open to site integrations.",
      },
    ]);
  });
});
