import { describe, expect, inject, it } from "vitest";
import { prisma } from "@/lib/base/db/prisma";
import { requestSigningInput, signatureHeader } from "@/lib/api/sdk";
import { createSiteIntegration } from "@/lib/domain/site-integrations/create-site-integration";
import { revokeSiteIntegration } from "@/lib/domain/site-integrations/revoke-site-integration";
import { updateSiteIntegration } from "@/lib/domain/site-integrations/update-site-integration";
import { admin, type CliResult } from "../support/admin-cli";
import { httpRequest } from "../support/http";
import { testSiteIntegrationClient } from "../support/sdk-clients";
import { signedRequest } from "../support/signed-request";
import { dealerReadyForSites, issueSiteIntegration } from "../support/site-integrations";

const baseUrl = inject("baseUrl");
const RECIPIENT = "TR330006100519786457841326";
const ALL_SCOPES = ["settings", "deposits", "card-payments", "withdrawals", "eibans", "send-money"] as const;
const CUSTOMER = {
  username: "ayse",
  firstname: "Ayşe",
  lastname: "Yılmaz",
  email: "ayse@example.com",
  phone: "+905551112233",
  amount: 250,
};

async function earlyInMinute() {
  const second = new Date().getSeconds();
  if (second > 45) await new Promise((r) => setTimeout(r, (61 - second) * 1000));
}

describe("where a site integration may call from", () => {
  it("its own IP whitelist applies, not the dealer's, and money moves only with one", async () => {
    const tenant = await dealerReadyForSites();
    const elsewhere = await issueSiteIntegration(tenant.dealer.id, { ips: ["203.0.113.9"] });
    const refused = await signedRequest(baseUrl, "/api/dealer/settings", elsewhere.creds, { method: "GET" });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ success: false, error: "IP address not allowed" });

    const site = await issueSiteIntegration(tenant.dealer.id, { scopes: [...ALL_SCOPES] });
    const client = testSiteIntegrationClient(site.creds);
    expect((await client.getSettings()).status).toBe(200);
    const transfer = {
      wallet_id: tenant.wallet.wallet_id,
      recipient_iban: RECIPIENT,
      recipient_name: "Supplier",
      amount: "10.00",
    };
    const noWhitelist = await client.sendMoney(transfer);
    expect(noWhitelist).toMatchObject({ ok: false, status: 403, error: { error: "IP address not allowed" } });
    expect(String(!noWhitelist.ok && noWhitelist.error.message)).toContain("This site integration has no IP whitelist");
    const withdraw = await client.startWithdrawal({
      username: "a",
      userid: "u-1",
      amount: 100,
      recipient_name: "Ayşe",
      recipient_iban: RECIPIENT,
    });
    expect(withdraw).toMatchObject({ ok: false, status: 403, error: { error: "IP address not allowed" } });
    expect(await prisma.transfer.count({ where: { dealerId: tenant.dealer.id } })).toBe(0);

    await updateSiteIntegration(
      site.id,
      { name: site.name, scopes: [...ALL_SCOPES], ips: "127.0.0.1", origins: [], isActive: true },
      { label: "test" },
    );
    expect(await client.sendMoney(transfer)).toMatchObject({ ok: true });
  });

  it("a browser's Origin must be one of the integration's origins, which may also frame its payment pages", async () => {
    const tenant = await dealerReadyForSites();
    const site = await issueSiteIntegration(tenant.dealer.id, { origins: ["https://shop.example"] });
    const from = (origin?: string) =>
      signedRequest(baseUrl, "/api/dealer/settings", site.creds, { method: "GET", headers: origin ? { origin } : {} });
    expect((await from()).status).toBe(200);
    expect((await from("https://shop.example")).status).toBe(200);
    const foreign = await from("https://evil.example");
    expect(foreign.status).toBe(403);
    expect(foreign.json).toMatchObject({ success: false, error: "Origin not allowed" });

    const card = await testSiteIntegrationClient(site.creds).startCardPayment(CUSTOMER);
    if (!card.ok) throw new Error(JSON.stringify(card.error));
    const page = () => httpRequest({ url: baseUrl + new URL(card.data.data.payment_url).pathname, method: "GET" });
    expect(String((await page()).headers["content-security-policy"])).toContain("frame-ancestors https://shop.example");
    await revokeSiteIntegration(site.id, { label: "test" });
    expect(String((await page()).headers["content-security-policy"])).toContain("frame-ancestors 'none'");
  });
});

describe("the account key's rules apply to site integrations", () => {
  it("signed bodies: X-Signature with the integration's secret, required when the dealer requires it", async () => {
    const tenant = await dealerReadyForSites();
    const site = await issueSiteIntegration(tenant.dealer.id);
    await prisma.dealer.update({ where: { id: tenant.dealer.id }, data: { requireSignedBodies: true } });
    const unsigned = await signedRequest(baseUrl, "/api/dealer/settings", site.creds, { method: "GET" });
    expect(unsigned.status).toBe(401);
    expect(unsigned.json).toMatchObject({ success: false, error: "Signature required" });
    expect((await testSiteIntegrationClient(site.creds).getSettings()).status).toBe(200);

    const timestamp = String(Math.floor(Date.now() / 1000));
    const keyedWith = (secret: string) =>
      signatureHeader(secret, timestamp, requestSigningInput(timestamp, "GET", "/api/dealer/settings", ""));
    const dealerKeyed = await signedRequest(baseUrl, "/api/dealer/settings", site.creds, {
      method: "GET",
      timestamp,
      headers: { "x-signature": keyedWith(tenant.dealer.secret_key) },
    });
    expect(dealerKeyed.json).toMatchObject({ success: false, error: "Invalid signature" });
    expect(
      (
        await signedRequest(baseUrl, "/api/dealer/settings", site.creds, {
          method: "GET",
          timestamp,
          headers: { "x-signature": keyedWith(site.secret_key) },
        })
      ).status,
    ).toBe(200);
  });

  it("rate limits count each integration apart, at the dealer's limit; Idempotency-Keys are the integration's own", async () => {
    const tenant = await dealerReadyForSites();
    const site = await issueSiteIntegration(tenant.dealer.id);
    await prisma.dealer.update({ where: { id: tenant.dealer.id }, data: { rateLimitPerMinute: 3 } });
    await earlyInMinute();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => signedRequest(baseUrl, "/api/dealer/settings", site.creds, { method: "GET" })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 429, 429]);
    expect(results.find((r) => r.status === 429)!.json).toMatchObject({ success: false, error: "Too many requests" });
    const dealerCreds = { apiKey: tenant.dealer.api_key, secretKey: tenant.dealer.secret_key };
    expect((await signedRequest(baseUrl, "/api/dealer/settings", dealerCreds, { method: "GET" })).status).toBe(200);

    await prisma.dealer.update({ where: { id: tenant.dealer.id }, data: { rateLimitPerMinute: null } });
    const body = { username: "ayse", userid: "u-1", fullname: "Ayşe Yılmaz", amount: "150.00" };
    const key = { "idempotency-key": "order-1001" };
    const first = await signedRequest(baseUrl, "/api/dealer/manual-iban/deposit", site.creds, { body, headers: key });
    const replay = await signedRequest(baseUrl, "/api/dealer/manual-iban/deposit", site.creds, { body, headers: key });
    const viaDealerKey = await signedRequest(baseUrl, "/api/dealer/manual-iban/deposit", dealerCreds, {
      body,
      headers: key,
    });
    const code = (r: typeof first) => (r.json.data as { tracking_code: string }).tracking_code;
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(code(replay)).toBe(code(first));
    expect(code(viaDealerKey)).not.toBe(code(first));
  });
});

describe("admin CLI", { timeout: 180_000 }, () => {
  const ok = <T = Record<string, unknown>>(result: CliResult): T => {
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.trim().split("\n")).toHaveLength(1);
    return result.json<T>();
  };
  const refused = (result: CliResult, message: string) => {
    expect(result.code, result.stderr).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain(message);
  };

  it("creates, lists, updates, rotates and revokes, printing one JSON object each; secrets only when issued", async () => {
    const tenant = await dealerReadyForSites();
    const dealer = String(tenant.dealer.id);
    const created = ok<{ id: number; site_token: string; secret_key: string; scopes: string[]; ips: string[] }>(
      admin("site-integration:create", "--dealer", dealer, "--name", "Web shop", "--ips", "127.0.0.1,10.0.0.0/8"),
    );
    expect(created).toMatchObject({
      scopes: ["settings", "deposits", "card-payments"],
      ips: ["127.0.0.1", "10.0.0.0/8"],
      site_token: expect.stringMatching(/^st_/),
      secret_key: expect.stringMatching(/^ss_/),
    });
    const creds = { siteToken: created.site_token, secretKey: created.secret_key };
    expect((await signedRequest(baseUrl, "/api/dealer/settings", creds, { method: "GET" })).status).toBe(200);

    const listed = ok<{ site_integrations: { id: number; site_token_hint: string }[]; count: number }>(
      admin("site-integration:list", "--dealer", dealer),
    );
    expect(listed.count).toBe(1);
    expect(listed.site_integrations[0]).toMatchObject({
      id: created.id,
      site_token_hint: `st_••••••••${created.site_token.slice(-4)}`,
    });
    expect(JSON.stringify(listed)).not.toContain(created.site_token);
    expect(JSON.stringify(listed)).not.toContain(created.secret_key);

    const id = String(created.id);
    expect(ok(admin("site-integration:update", "--id", id, "--scopes", "eibans,send-money"))).toMatchObject({
      scopes: ["eibans", "send-money"],
      ips: ["127.0.0.1", "10.0.0.0/8"],
    });
    const rotated = ok<{ secret_key: string; previous_secret_valid_until: string }>(
      admin("site-integration:rotate-secret", "--id", id, "--grace", "60"),
    );
    expect(rotated.previous_secret_valid_until).toEqual(expect.any(String));
    expect(
      (
        await signedRequest(
          baseUrl,
          "/api/dealer/eibans",
          { ...creds, secretKey: rotated.secret_key },
          { method: "GET" },
        )
      ).status,
    ).toBe(200);
    expect(ok(admin("site-integration:revoke", "--id", id))).toMatchObject({
      id: created.id,
      active: false,
      revoked_at: expect.any(String),
    });
    expect((await signedRequest(baseUrl, "/api/dealer/eibans", creds, { method: "GET" })).json).toMatchObject({
      error: "Invalid site token",
    });

    refused(
      admin("site-integration:create", "--dealer", dealer, "--name", "X", "--scopes", "everything"),
      "scopes must be among settings, deposits",
    );
    refused(admin("site-integration:create", "--dealer", "999999", "--name", "X"), "This dealer does not exist");
    refused(admin("site-integration:update", "--id", id, "--active", "true"), "was revoked");
    expect(
      await prisma.auditLog.count({ where: { entityType: "site_integration", entityId: id, actorLabel: "cli" } }),
    ).toBe(4);
  });
});

describe("console tenancy", () => {
  it("dealer staff manage only their own dealer's integrations", async () => {
    const a = await dealerReadyForSites();
    const b = await dealerReadyForSites();
    const staffOfB = { label: "staff@b.example", dealerId: b.dealer.id };
    const ofA = await issueSiteIntegration(a.dealer.id);
    await expect(createSiteIntegration({ dealerId: a.dealer.id, name: "Sneaky" }, staffOfB)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(
      updateSiteIntegration(
        ofA.id,
        { name: "Mine", scopes: ["settings"], ips: [], origins: [], isActive: false },
        staffOfB,
      ),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(revokeSiteIntegration(ofA.id, staffOfB)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await prisma.siteIntegration.findUniqueOrThrow({ where: { id: ofA.id } })).toMatchObject({
      name: ofA.name,
      isActive: true,
      revokedAt: null,
    });
    const own = await createSiteIntegration({ dealerId: b.dealer.id, name: "B shop" }, staffOfB);
    expect(
      (
        await signedRequest(
          baseUrl,
          "/api/dealer/settings",
          { siteToken: own.site_token, secretKey: own.secret_key },
          { method: "GET" },
        )
      ).status,
    ).toBe(200);
  });
});
