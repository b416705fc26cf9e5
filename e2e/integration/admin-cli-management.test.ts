import { describe, expect, inject, it } from "vitest";
import { decryptSecret } from "@/lib/base/crypto/secret-box";
import { prisma } from "@/lib/base/db/prisma";
import { admin, type CliResult } from "../support/admin-cli";
import { createTenant } from "../support/fixtures";
import { signedRequest } from "../support/signed-request";

const baseUrl = inject("baseUrl");

/** Bad input: exit code 2, a message naming the problem on stderr, nothing on stdout. */
function refused(result: CliResult, message: string) {
  expect(result.code, result.stderr).toBe(2);
  expect(result.stdout).toBe("");
  expect(result.stderr).toContain(message);
}

function ok<T = Record<string, unknown>>(result: CliResult): T {
  expect(result.code, result.stderr).toBe(0);
  expect(result.stdout.trim().split("\n")).toHaveLength(1);
  return result.json<T>();
}

type Row = Record<string, unknown> & { id: number };

// Each CLI call starts a Node process; on a loaded 2-core machine a test of several calls can take a while.
describe("admin CLI: providers", { timeout: 180_000 }, () => {
  it("updates, whitelists, sets limits, rotates the verification key and lists", async () => {
    const tenant = await createTenant();
    const id = String(tenant.provider.id);
    const updated = ok<Row>(
      admin("provider:update", "--id", id, "--name", "Renamed", "--deposit-callback-url", "https://cb.example/deposit"),
    );
    expect(updated).toMatchObject({
      id: tenant.provider.id,
      name: "Renamed",
      is_active: true,
      deposit_callback_url: "https://cb.example/deposit",
      withdrawal_callback_url: null,
    });
    expect(ok<Row>(admin("provider:set-ips", "--id", id, "--ips", "127.0.0.1,10.0.0.0/8")).ip_whitelist).toEqual([
      "127.0.0.1",
      "10.0.0.0/8",
    ]);
    expect(ok<Row>(admin("provider:settings", "--id", id, "--rate-limit", "120"))).toMatchObject({
      rate_limit_per_minute: 120,
      embed_origins: [],
    });

    const rotated = ok<{ verification_key: string }>(admin("provider:rotate-verification-key", "--id", id));
    const row = await prisma.provider.findUniqueOrThrow({ where: { id: tenant.provider.id } });
    expect(decryptSecret(row.verificationKeyEnc)).toBe(rotated.verification_key);

    const listed = ok<{ providers: Row[]; count: number }>(admin("provider:list"));
    expect(listed.count).toBe(listed.providers.length);
    const shown = listed.providers.find((p) => p.id === tenant.provider.id)!;
    expect(shown).toMatchObject({ name: "Renamed", api_key: tenant.provider.api_key, rate_limit_per_minute: 120 });
    expect(JSON.stringify(listed)).not.toContain(tenant.provider.secret_key);

    // Deactivated, the provider's requests are refused at once; the audit log names the CLI.
    expect(ok<Row>(admin("provider:update", "--id", id, "--active", "false")).is_active).toBe(false);
    expect((await signedRequest(baseUrl, "/api/provider/welcome", tenant.creds)).status).toBe(403);
    expect(await prisma.auditLog.count({ where: { entityType: "provider", entityId: id, actorLabel: "cli" } })).toBe(5);
  });

  it("refuses bad provider input with exit 2 and changes nothing", async () => {
    const tenant = await createTenant();
    const id = String(tenant.provider.id);
    refused(admin("provider:update", "--id", id), "give at least one of --name");
    refused(admin("provider:update", "--id", id, "--active", "maybe"), "--active must be true or false");
    refused(admin("provider:update", "--id", "999999", "--name", "X"), "Provider 999999 does not exist");
    refused(
      admin("provider:set-ips", "--id", id, "--ips", "300.1.1.1"),
      '"300.1.1.1" is not a valid IP address or CIDR range',
    );
    refused(admin("provider:settings", "--id", id, "--rate-limit", "0"), "rate limit must be at least 1");
    refused(admin("provider:rotate-verification-key", "--id", "abc"), "--id must be a positive whole number");
    const row = await prisma.provider.findUniqueOrThrow({ where: { id: tenant.provider.id } });
    expect(row).toMatchObject({ isActive: true, ipWhitelist: ["127.0.0.1"], rateLimitPerMinute: null });
  });
});

describe("admin CLI: dealers", { timeout: 180_000 }, () => {
  it("updates, whitelists, rotates the secret with a grace period and lists", async () => {
    const tenant = await createTenant();
    const id = String(tenant.dealer.id);
    const updated = ok<Row>(
      admin("dealer:update", "--id", id, "--methods", "manual_iban", "--welcome-message", "Hoş geldiniz"),
    );
    expect(updated).toMatchObject({ methods: ["manual_iban"], welcome_message: "Hoş geldiniz", is_active: true });
    expect(ok<Row>(admin("dealer:set-ips", "--id", id, "--ips", "127.0.0.1")).ip_whitelist).toEqual(["127.0.0.1"]);

    const rotated = ok<{ secret_key: string; previous_secret_valid_until: string }>(
      admin("dealer:rotate-secret", "--id", id, "--grace", "3600"),
    );
    const row = await prisma.dealer.findUniqueOrThrow({ where: { id: tenant.dealer.id } });
    expect(decryptSecret(row.secretKeyEnc)).toBe(rotated.secret_key);
    expect(decryptSecret(row.previousSecretKeyEnc!)).toBe(tenant.dealer.secret_key);
    expect(new Date(rotated.previous_secret_valid_until).getTime()).toBeGreaterThan(Date.now() + 3500_000);
    // Both secrets sign valid dealer requests during the grace period.
    for (const secretKey of [rotated.secret_key, tenant.dealer.secret_key]) {
      expect(
        (
          await signedRequest(
            baseUrl,
            "/api/dealer/settings",
            { apiKey: tenant.dealer.api_key, secretKey },
            { method: "GET" },
          )
        ).status,
      ).toBe(200);
    }

    const listed = ok<{ dealers: Row[] }>(admin("dealer:list"));
    expect(listed.dealers.find((d) => d.id === tenant.dealer.id)).toMatchObject({
      methods: ["manual_iban"],
      ip_whitelist: ["127.0.0.1"],
    });
    expect(JSON.stringify(listed)).not.toContain(rotated.secret_key);
  });

  it("refuses bad dealer input with exit 2", async () => {
    const tenant = await createTenant();
    refused(
      admin("dealer:update", "--id", String(tenant.dealer.id), "--methods", "cash"),
      "methods must be among credit_card, eiban, manual_iban",
    );
    refused(
      admin("dealer:rotate-secret", "--id", String(tenant.dealer.id), "--grace", "-5"),
      "grace must be a whole number of seconds",
    );
    refused(admin("dealer:set-ips", "--id", String(tenant.dealer.id)), "give at least one of --ips");
    refused(admin("dealer:list", "--all"), "Unknown option(s) for dealer:list: --all");
    expect((await prisma.dealer.findUniqueOrThrow({ where: { id: tenant.dealer.id } })).manualIbanEnabled).toBe(true);
  });
});

describe("admin CLI: sites, bank accounts, blocks and users", { timeout: 180_000 }, () => {
  it("updates sites, rotates a credential key and lists a provider's sites", async () => {
    const tenant = await createTenant();
    const other = await createTenant();
    const id = String(tenant.site.id);
    const updated = ok<Row>(admin("site:update", "--id", id, "--name", "Moved", "--dealer", String(other.dealer.id)));
    expect(updated).toMatchObject({ name: "Moved", dealer_id: other.dealer.id, is_active: true });
    const rotated = ok<{ credential_key: string }>(admin("site:rotate-key", "--id", id));
    expect(rotated.credential_key).not.toBe(tenant.site.credential_key);
    expect((await prisma.site.findUniqueOrThrow({ where: { id: tenant.site.id } })).credentialKey).toBe(
      rotated.credential_key,
    );
    const listed = ok<{ sites: Row[]; count: number }>(admin("site:list", "--provider", String(tenant.provider.id)));
    expect(listed).toEqual({
      sites: [expect.objectContaining({ id: tenant.site.id, name: "Moved", provider_id: tenant.provider.id })],
      count: 1,
    });
    refused(admin("site:update", "--id", id, "--dealer", "999999"), "dealer 999999 does not exist");
  });

  it("updates and lists bank accounts", async () => {
    const tenant = await createTenant();
    const account = ok<{ id: number }>(
      admin(
        "bank-account:add",
        "--dealer",
        String(tenant.dealer.id),
        "--bank",
        "Ziraat",
        "--holder",
        "Ali Veli",
        "--iban",
        "TR330006100519786457841326",
        "--min",
        "10",
        "--max",
        "5000",
      ),
    );
    const updated = ok<Row>(
      admin("bank-account:update", "--id", String(account.id), "--max", "7500.50", "--active", "false"),
    );
    expect(updated).toMatchObject({
      id: account.id,
      bank: "Ziraat",
      min_amount: "10.00",
      max_amount: "7500.50",
      is_active: false,
    });
    expect(
      ok<{ bank_accounts: Row[] }>(admin("bank-account:list", "--dealer", String(tenant.dealer.id))).bank_accounts,
    ).toEqual([updated]);
    refused(admin("bank-account:update", "--id", String(account.id), "--min", "9000"), "min must not exceed max");
    expect((await prisma.bankAccount.findUniqueOrThrow({ where: { id: account.id } })).minAmount.toFixed(2)).toBe(
      "10.00",
    );
  });

  it("lists and lifts customer blocks", async () => {
    const tenant = await createTenant();
    const block = ok<{ id: number }>(
      admin("block:add", "--provider", String(tenant.provider.id), "--user-id", "cust-9", "--reason", "chargebacks"),
    );
    const listed = ok<{ blocked_customers: Row[] }>(admin("block:list", "--provider", String(tenant.provider.id)));
    expect(listed.blocked_customers).toEqual([
      expect.objectContaining({ id: block.id, user_id: "cust-9", reason: "chargebacks" }),
    ]);
    expect(ok(admin("block:remove", "--id", String(block.id)))).toEqual({
      id: block.id,
      provider_id: tenant.provider.id,
      user_id: "cust-9",
    });
    expect(await prisma.blockedCustomer.count({ where: { id: block.id } })).toBe(0);
    refused(admin("block:remove", "--id", String(block.id)), "This block does not exist");
  });

  it("deactivates, reactivates and sets the password of console users, and lists them", async () => {
    const created = ok<{ id: number }>(
      admin(
        "user:create",
        "--email",
        `ops-${Date.now()}@example.com`,
        "--password",
        "first-password-1",
        "--role",
        "admin",
      ),
    );
    const id = String(created.id);
    expect(ok<Row>(admin("user:update", "--id", id, "--active", "false"))).toMatchObject({
      id: created.id,
      role: "admin",
      is_active: false,
    });
    expect(
      ok<Row>(admin("user:update", "--id", id, "--active", "true", "--password", "second-password-2")).is_active,
    ).toBe(true);
    const row = await prisma.consoleUser.findUniqueOrThrow({ where: { id: created.id } });
    const { verifyPassword } = await import("@/lib/base/crypto/password");
    expect(await verifyPassword("second-password-2", row.passwordHash)).toBe(true);
    const listed = ok<{ users: Row[] }>(admin("user:list"));
    expect(listed.users.find((u) => u.id === created.id)).toMatchObject({
      is_active: true,
      dealer_id: null,
      provider_id: null,
    });
    expect(JSON.stringify(listed)).not.toContain(row.passwordHash);
    refused(admin("user:update", "--id", id, "--password", "short"), "password must be at least 10 characters");
    refused(admin("user:update", "--id", "999999", "--active", "false"), "Console user 999999 does not exist");
  });
});

describe("admin CLI: third-party gateways", { timeout: 180_000 }, () => {
  it("adds a crypto gateway that providers see at once, updates and lists it", async () => {
    const code = `cli-coin-${Date.now()}`;
    const added = ok<Row>(
      admin(
        "gateway:add",
        "--method",
        "crypto",
        "--name",
        "CLI Coin",
        "--code",
        code,
        "--min",
        "10",
        "--max",
        "50000",
        "--crypto-types",
        "USDT-TRC20,BTC",
      ),
    );
    expect(added).toEqual({
      id: expect.any(Number),
      method: "crypto",
      name: "CLI Coin",
      code,
      min_amount: "10.00",
      max_amount: "50000.00",
      required_fields: [],
      supported_crypto_types: ["USDT-TRC20", "BTC"],
      description: "",
      description_tr: "",
      is_active: true,
      connector: "http-partner",
      config: {
        baseUrl: "/sandbox/gateways/api",
        merchantId: String(added.id),
        timeoutMs: 10000,
        secret: expect.stringMatching(/^••••/),
      },
      webhook_secret: expect.stringMatching(/^gws_/),
      notify_url: expect.stringMatching(new RegExp(`/api/webhooks/gateways/id/${added.id}$`)),
    });
    const rotated = ok<Row>(admin("gateway:rotate-secret", "--id", String(added.id)));
    expect(rotated).toEqual({
      id: added.id,
      code,
      webhook_secret: expect.stringMatching(/^gws_/),
      previous_secret_valid_until: null,
    });
    expect(rotated.webhook_secret).not.toBe(added.webhook_secret);
    const tenant = await createTenant();
    const seen = await signedRequest(baseUrl, "/api/provider/third-party/crypto/gateways", tenant.creds, {
      method: "GET",
    });
    expect(JSON.stringify(seen.json)).toContain(code);

    const updated = ok<Row>(admin("gateway:update", "--id", String(added.id), "--max", "60000", "--active", "false"));
    expect(updated).toMatchObject({
      id: added.id,
      max_amount: "60000.00",
      supported_crypto_types: ["USDT-TRC20", "BTC"],
      is_active: false,
    });
    expect(ok<{ gateways: Row[] }>(admin("gateway:list", "--method", "crypto")).gateways).toContainEqual(updated);
    expect(
      ok<{ gateways: Row[] }>(admin("gateway:list", "--method", "bank")).gateways.every((g) => g.method === "bank"),
    ).toBe(true);
  });

  it("refuses bad gateway input with exit 2 and creates nothing", async () => {
    // Counted by the name the refused commands give: other files add gateways meanwhile.
    const named = () => prisma.gateway.count({ where: { name: "X" } });
    const before = await named();
    refused(admin("gateway:add", "--name", "X", "--code", "x", "--min", "1", "--max", "2"), "--method is required");
    refused(
      admin("gateway:add", "--method", "cash", "--name", "X", "--code", "x", "--min", "1", "--max", "2"),
      "--method must be one of bank, crypto, wallet",
    );
    refused(
      admin("gateway:add", "--method", "crypto", "--name", "X", "--code", "x-1", "--min", "1", "--max", "2"),
      "a crypto gateway needs at least one crypto type",
    );
    refused(
      admin("gateway:add", "--method", "bank", "--name", "X", "--code", "Bad Code", "--min", "5", "--max", "2"),
      "min_amount must not exceed max_amount",
    );
    refused(admin("gateway:update", "--id", "999999", "--name", "Y"), "Gateway 999999 does not exist");
    expect(await named()).toBe(before);
  });
});
