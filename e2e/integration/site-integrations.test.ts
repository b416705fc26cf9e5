import { describe, expect, inject, it } from "vitest";
import { prisma } from "@/lib/base/db/prisma";
import { revokeSiteIntegration } from "@/lib/domain/site-integrations/revoke-site-integration";
import { rotateSiteIntegrationSecret } from "@/lib/domain/site-integrations/rotate-site-integration-secret";
import { updateSiteIntegration } from "@/lib/domain/site-integrations/update-site-integration";
import { testDealerClient, testSiteIntegrationClient } from "../support/sdk-clients";
import { signedRequest, type SiteCredentials } from "../support/signed-request";
import { dealerReadyForSites, issueSiteIntegration } from "../support/site-integrations";

const baseUrl = inject("baseUrl");
const ACTOR = { label: "site-integration-test" };
const RECIPIENT = "TR330006100519786457841326";
const CUSTOMER = {
  username: "ayse",
  firstname: "Ayşe",
  lastname: "Yılmaz",
  email: "ayse@example.com",
  phone: "+905551112233",
  amount: 250,
};

const get = (creds: SiteCredentials, path: string) => signedRequest(baseUrl, path, creds, { method: "GET" });
const post = (creds: SiteCredentials, path: string, body: unknown) => signedRequest(baseUrl, path, creds, { body });

type Issued = Awaited<ReturnType<typeof issueSiteIntegration>>;
const settingsOf = (integration: Issued, secretKey = integration.secret_key) =>
  get({ siteToken: integration.site_token, secretKey }, "/api/dealer/settings");
const editable = (i: Issued) => ({
  name: i.name,
  scopes: i.scopes as never,
  ips: i.ips,
  origins: i.origins,
  isActive: true,
});

function expectScopeRefused(res: { status: number; json: Record<string, unknown> }, scope: string) {
  expect(res.status).toBe(403);
  expect(res.json).toMatchObject({ success: false, error: "Scope not allowed" });
  expect(String(res.json.message)).toContain(`needs the scope ${scope}`);
}

describe("a site integration's scopes", () => {
  it("let its token call the endpoints of its scopes and refuse the others with 403 naming the scope", async () => {
    const tenant = await dealerReadyForSites();
    const site = await issueSiteIntegration(tenant.dealer.id);
    expect(site.scopes).toEqual(["settings", "deposits", "card-payments"]);
    const client = testSiteIntegrationClient(site.creds);

    expect(await client.getSettings()).toMatchObject({
      ok: true,
      data: { success: true, payment_methods: { credit_card: "active", eiban: "active", manual_iban: "active" } },
    });
    const deposit = await client.startDeposit({
      username: "ayse",
      userid: "u-1",
      fullname: "Ayşe Yılmaz",
      amount: "150.00",
    });
    if (!deposit.ok) throw new Error(JSON.stringify(deposit.error));
    const card = await client.startCardPayment(CUSTOMER);
    if (!card.ok) throw new Error(JSON.stringify(card.error));
    expect((await client.getCardPaymentStatus(card.data.data.tracking_code)).status).toBe(200);

    // The transactions name the integration that created them, and so does their history.
    const created = await prisma.transaction.findMany({
      where: { trackingCode: { in: [deposit.data.data.tracking_code, card.data.data.tracking_code] } },
      include: { events: true },
    });
    expect(created).toHaveLength(2);
    for (const transaction of created) {
      expect(transaction).toMatchObject({ dealerId: tenant.dealer.id, siteIntegrationId: site.id, origin: "DEALER" });
      expect(transaction.events[0]).toMatchObject({ actorType: "API", actorId: `site-integration:${site.id}` });
    }

    expectScopeRefused(await get(site.creds, "/api/dealer/eibans"), "eibans");
    expectScopeRefused(
      await get(
        site.creds,
        `/api/dealer/transactions?wallet_id=${tenant.wallet.wallet_id}&start_date=2026-11-01&end_date=2026-11-02`,
      ),
      "eibans",
    );
    expectScopeRefused(
      await post(site.creds, "/api/dealer/send-money", {
        wallet_id: tenant.wallet.wallet_id,
        recipient_iban: RECIPIENT,
        recipient_name: "R",
        amount: "10.00",
      }),
      "send-money",
    );
    expectScopeRefused(await get(site.creds, "/api/dealer/transfer-status?transfer_id=TRF-NOPE"), "send-money");
    expectScopeRefused(
      await post(site.creds, "/api/dealer/manual-iban/withdraw", {
        username: "ayse",
        userid: "u-1",
        amount: 100,
        recipient_name: "Ayşe Yılmaz",
        recipient_iban: RECIPIENT,
      }),
      "withdrawals",
    );
    expect(await prisma.transfer.count({ where: { dealerId: tenant.dealer.id } })).toBe(0);
    expect(await prisma.transaction.count({ where: { dealerId: tenant.dealer.id, direction: "WITHDRAWAL" } })).toBe(0);

    // A scope given later applies to the next request.
    await updateSiteIntegration(site.id, { ...editable(site), scopes: ["settings", "eibans"] }, ACTOR);
    expect((await client.listEibans()).status).toBe(200);
    expectScopeRefused(await post(site.creds, "/api/dealer/credit-card/payment", CUSTOMER), "card-payments");
  });

  it("are the only way in: a wrong secret, an unknown token or two callers in one request are refused", async () => {
    const tenant = await dealerReadyForSites();
    const site = await issueSiteIntegration(tenant.dealer.id);
    expect((await settingsOf(site, tenant.dealer.secret_key)).json).toMatchObject({
      success: false,
      error: "Invalid hash",
    });
    expect(
      (await get({ siteToken: "st_unknown", secretKey: site.secret_key }, "/api/dealer/settings")).json,
    ).toMatchObject({ success: false, error: "Invalid site token" });
    const missing = await signedRequest(baseUrl, "/api/dealer/settings", site.creds, {
      method: "GET",
      omit: ["x-hash"],
    });
    expect(missing.json).toMatchObject({
      success: false,
      error: "Missing required headers",
      message: "Missing header(s): X-Hash.",
    });
    const both = await signedRequest(baseUrl, "/api/dealer/settings", site.creds, {
      method: "GET",
      headers: { "x-api-key": tenant.dealer.api_key },
    });
    expect(both.status).toBe(401);
    expect(both.json).toMatchObject({ success: false, error: "Ambiguous credentials" });
    const expired = await signedRequest(baseUrl, "/api/dealer/settings", site.creds, {
      method: "GET",
      timestamp: Math.floor(Date.now() / 1000) - 400,
    });
    expect(expired.json).toMatchObject({ success: false, error: "Request timestamp expired" });
  });
});

describe("revoked and inactive site integrations", () => {
  it("are refused from the next request on: inactive 403 (reversible), revoked 401 (final)", async () => {
    const tenant = await dealerReadyForSites();
    const site = await issueSiteIntegration(tenant.dealer.id);
    expect((await settingsOf(site)).status).toBe(200);
    expect((await prisma.siteIntegration.findUniqueOrThrow({ where: { id: site.id } })).lastUsedAt).not.toBeNull();

    await updateSiteIntegration(site.id, { ...editable(site), isActive: false }, ACTOR);
    const inactive = await settingsOf(site);
    expect(inactive.status).toBe(403);
    expect(inactive.json).toMatchObject({ success: false, error: "Site integration is inactive" });
    await updateSiteIntegration(site.id, editable(site), ACTOR);
    expect((await settingsOf(site)).status).toBe(200);

    await prisma.dealer.update({ where: { id: tenant.dealer.id }, data: { isActive: false } });
    expect((await settingsOf(site)).json).toMatchObject({ success: false, error: "Dealer account is inactive" });
    await prisma.dealer.update({ where: { id: tenant.dealer.id }, data: { isActive: true } });

    await revokeSiteIntegration(site.id, ACTOR);
    const revoked = await settingsOf(site);
    expect(revoked.status).toBe(401);
    expect(revoked.json).toMatchObject({ success: false, error: "Invalid site token" });
    await expect(updateSiteIntegration(site.id, editable(site), ACTOR)).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(rotateSiteIntegrationSecret(site.id, ACTOR, 60)).rejects.toMatchObject({ code: "CONFLICT" });
    // The dealer's own key and its other integrations are untouched.
    expect(
      (await testDealerClient({ apiKey: tenant.dealer.api_key, secretKey: tenant.dealer.secret_key }).getSettings())
        .status,
    ).toBe(200);
    expect((await settingsOf(await issueSiteIntegration(tenant.dealer.id))).status).toBe(200);

    const entries = await prisma.auditLog.findMany({
      where: { entityType: "site_integration", entityId: String(site.id) },
      orderBy: { id: "asc" },
    });
    expect(entries.map((e) => e.action)).toEqual([
      "site_integration.create",
      "site_integration.update",
      "site_integration.update",
      "site_integration.revoke",
    ]);
    expect(JSON.stringify(entries)).not.toContain(site.site_token);
    expect(JSON.stringify(entries)).not.toContain(site.secret_key);
  });
});

describe("a rotated site integration secret", () => {
  it("verifies with the old secret during the grace period only; the new one works throughout", async () => {
    const tenant = await dealerReadyForSites();
    const site = await issueSiteIntegration(tenant.dealer.id);
    const rotated = await rotateSiteIntegrationSecret(site.id, ACTOR, 600);
    expect(rotated.secret_key).toMatch(/^ss_/);
    expect(new Date(rotated.previous_secret_valid_until!).getTime()).toBeGreaterThan(Date.now() + 590_000);
    expect((await settingsOf(site)).status).toBe(200);
    expect((await settingsOf(site, rotated.secret_key)).status).toBe(200);

    await prisma.siteIntegration.update({
      where: { id: site.id },
      data: { previousSecretValidTo: new Date(Date.now() - 1000) },
    });
    expect((await settingsOf(site)).json).toMatchObject({ success: false, error: "Invalid hash" });
    expect((await settingsOf(site, rotated.secret_key)).status).toBe(200);

    // Without a grace period the old secret stops at once; revoking ends a running grace period too.
    const again = await rotateSiteIntegrationSecret(site.id, ACTOR, 0);
    expect(again.previous_secret_valid_until).toBeNull();
    expect((await settingsOf(site, rotated.secret_key)).status).toBe(401);
    const third = await rotateSiteIntegrationSecret(site.id, ACTOR, 3600);
    await revokeSiteIntegration(site.id, ACTOR);
    for (const secret of [again.secret_key, third.secret_key])
      expect((await settingsOf(site, secret)).status).toBe(401);

    const [entry] = await prisma.auditLog.findMany({
      where: { entityType: "site_integration", entityId: String(site.id), action: "site_integration.rotate_secret" },
      orderBy: { id: "asc" },
    });
    expect(entry!.after).toEqual({ previousSecretValidTo: rotated.previous_secret_valid_until });
  });
});

describe("tenancy", () => {
  it("one dealer's token never reaches another dealer's wallets, transfers or transactions", async () => {
    const a = await dealerReadyForSites();
    const b = await dealerReadyForSites();
    const site = await issueSiteIntegration(a.dealer.id, {
      scopes: ["settings", "deposits", "card-payments", "withdrawals", "eibans", "send-money"],
      ips: ["127.0.0.0/8", "::1"],
    });
    const client = testSiteIntegrationClient(site.creds);
    const bClient = testDealerClient({ apiKey: b.dealer.api_key, secretKey: b.dealer.secret_key });

    const eibans = await client.listEibans();
    if (!eibans.ok) throw new Error(JSON.stringify(eibans.error));
    expect(eibans.data.eibans.map((w) => w.wallet_id)).toEqual([a.wallet.wallet_id]);
    const history = await client.listTransactions({
      wallet_id: b.wallet.wallet_id,
      start_date: "2026-11-01",
      end_date: "2026-11-02",
    });
    expect(history).toMatchObject({ ok: false, status: 403, error: { error_code: "WALLET_NOT_ASSIGNED" } });
    const theft = await client.sendMoney({
      wallet_id: b.wallet.wallet_id,
      recipient_iban: RECIPIENT,
      recipient_name: "Thief",
      amount: "100.00",
    });
    expect(theft).toMatchObject({ ok: false, status: 403, error: { error_code: "WALLET_NOT_ASSIGNED" } });
    expect(
      (await prisma.eibanWallet.findUniqueOrThrow({ where: { id: b.wallet.id } })).availableBalance.toFixed(2),
    ).toBe("5000.00");

    const bTransfer = await bClient.sendMoney({
      wallet_id: b.wallet.wallet_id,
      recipient_iban: RECIPIENT,
      recipient_name: "Supplier",
      amount: "10.00",
    });
    const bCard = await bClient.startCardPayment(CUSTOMER);
    if (!bTransfer.ok || !bCard.ok) throw new Error("dealer B's own requests failed");
    expect((await client.getTransferStatus(bTransfer.data.transfer.transfer_id)).status).toBe(404);
    expect((await client.getCardPaymentStatus(bCard.data.data.tracking_code)).status).toBe(404);

    // Its own money moves from its own wallet, and the transfer names the integration.
    const own = await client.sendMoney({
      wallet_id: a.wallet.wallet_id,
      recipient_iban: RECIPIENT,
      recipient_name: "Supplier",
      amount: "10.00",
    });
    if (!own.ok) throw new Error(JSON.stringify(own.error));
    expect(
      await prisma.transfer.findUniqueOrThrow({ where: { transferId: own.data.transfer.transfer_id } }),
    ).toMatchObject({ dealerId: a.dealer.id, siteIntegrationId: site.id });
    expect((await client.getTransferStatus(own.data.transfer.transfer_id)).status).toBe(200);
  });
});

describe("card payments between one dealer's site integrations", () => {
  it("an integration reads only the card payments it created; the dealer's own key reads them all", async () => {
    const tenant = await dealerReadyForSites();
    const a = await issueSiteIntegration(tenant.dealer.id);
    const b = await issueSiteIntegration(tenant.dealer.id);
    const aClient = testSiteIntegrationClient(a.creds);
    const bClient = testSiteIntegrationClient(b.creds);
    const dealerClient = testDealerClient({ apiKey: tenant.dealer.api_key, secretKey: tenant.dealer.secret_key });

    const aCard = await aClient.startCardPayment(CUSTOMER);
    const bCard = await bClient.startCardPayment({ ...CUSTOMER, username: "mehmet", email: "mehmet@example.com" });
    const dealerCard = await dealerClient.startCardPayment({ ...CUSTOMER, username: "zeynep" });
    if (!aCard.ok || !bCard.ok || !dealerCard.ok) throw new Error("a card payment could not be started");
    const aCode = aCard.data.data.tracking_code;

    expect((await aClient.getCardPaymentStatus(aCode)).status).toBe(200);
    // Integration B gets exactly what an unknown code gets: nothing says A's payment exists.
    const foreign = await get(b.creds, `/api/dealer/credit-card/status?tracking_code=${aCode}`);
    const unknown = await get(b.creds, "/api/dealer/credit-card/status?tracking_code=CC-DOES-NOT-EXIST");
    expect(foreign.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(foreign.json.error).toBe(unknown.json.error);
    expect(foreign.text).not.toContain("ayse");
    expect(foreign.text).not.toContain("250");
    // Neither reads the payment the dealer started with its own key.
    expect((await aClient.getCardPaymentStatus(dealerCard.data.data.tracking_code)).status).toBe(404);
    expect((await bClient.getCardPaymentStatus(bCard.data.data.tracking_code)).status).toBe(200);

    for (const code of [aCode, bCard.data.data.tracking_code, dealerCard.data.data.tracking_code]) {
      expect((await dealerClient.getCardPaymentStatus(code)).status).toBe(200);
    }
  });
});
