import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret } from "@/lib/base/crypto/secret-box";
import { sealedTables } from "@/lib/base/crypto/sealed-columns";
import { prisma } from "@/lib/base/db/prisma";
import { ibanFromBban } from "@/lib/base/iban/iban";
import { Prisma } from "@/lib/generated/prisma/client";
import { rotateAccountSecret } from "@/lib/domain/accounts/rotate-account-secret";
import { setDealerAcquirer } from "@/lib/domain/cards/dealer-acquirer";
import { createSiteIntegration } from "@/lib/domain/site-integrations/create-site-integration";
import { verifyingConnections } from "@/lib/domain/third-party/gateway-connection";
import { rotateGatewaySecret, saveGateway } from "@/lib/domain/third-party/save-gateway";
import { sealBankConfig, walletBank } from "@/lib/domain/transfers/wallet-bank";
import { newGatewaySecret } from "@/lib/integrations/gateways/gateway-secret";
import { readForm } from "../simulators/est-v3/browser";
import { CARDS, DEFAULT_STORE, startEstV3Simulator, type EstV3Simulator } from "../simulators/est-v3/server";
import { adminAsync, adminCommand } from "../support/admin-cli";
import { postReturn, pressPayByCard, readCardStep, submit } from "../support/card-journey";
import { createTenant } from "../support/fixtures";
import { httpRequest } from "../support/http";
import { ownDatabase } from "../support/own-database";
import { signedRequest } from "../support/signed-request";
import { startAppServer, type AppServer } from "../support/test-stack";

const own = ownDatabase();
const ACTOR = { label: "encryption-key-rotation-test" };
let bank: EstV3Simulator;

beforeAll(async () => {
  bank = await startEstV3Simulator();
});
afterAll(() => bank?.stop());

/** The admin CLI as an operator runs it (the image's dist/admin.js), with the keyring given. */
function admin(keys: Record<string, string>, command: string, ...args: string[]) {
  const env = { ...process.env, ...keys };
  if (!keys.APP_ENCRYPTION_KEY) delete env.APP_ENCRYPTION_KEY;
  const [cli, prefix] = adminCommand();
  return spawnSync(cli, [...prefix, command, ...args], { env, encoding: "utf8" });
}

function reencrypt(keys: Record<string, string>, ...args: string[]) {
  const result = admin(keys, "secrets:reencrypt", ...args);
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as {
    key_id: string;
    reencrypted: Record<string, number>;
    already_current: number;
    changed_meanwhile: number;
  };
}

/** Every sealed value the registry names, by "table.column" (a configuration's each secret under its column). */
async function allSealedValues(): Promise<{ where: string; value: string }[]> {
  const found: { where: string; value: string }[] = [];
  for (const table of sealedTables()) {
    const rows = await prisma.$queryRaw<Record<string, unknown>[]>(
      Prisma.sql`SELECT ${Prisma.raw([...table.values, ...table.configs].join(", "))} FROM ${Prisma.raw(table.table)}`,
    );
    for (const row of rows) {
      for (const column of table.values)
        if (typeof row[column] === "string") found.push({ where: `${table.table}.${column}`, value: row[column] });
      for (const column of table.configs) {
        for (const value of Object.values((row[column] as { sealed?: Record<string, string> } | null)?.sealed ?? {}))
          found.push({ where: `${table.table}.${column}`, value });
      }
    }
  }
  return found;
}

const estConfig = () => ({
  clientId: DEFAULT_STORE.clientId,
  storeKey: DEFAULT_STORE.storeKey,
  username: DEFAULT_STORE.username,
  password: DEFAULT_STORE.password,
  gatewayUrl: bank.gatewayUrl,
  apiUrl: bank.apiUrl,
  timeoutMs: 5000,
});

/** A card payment on `server` paid at the simulated EST bank, its signed return posted back to us: our answer. */
async function payByCard(server: AppServer, creds: { apiKey: string; secretKey: string }, credentialKey: string) {
  const created = await signedRequest(server.baseUrl, "/api/provider/credit-card/payment", creds, {
    body: {
      credential_key: credentialKey,
      username: "ayse.k",
      user_id: "u-9",
      firstname: "Ayşe",
      lastname: "Kaya",
      email: "ayse@example.com",
      phone: "+905551112233",
      amount: 150,
    },
  });
  expect(created.status, JSON.stringify(created.json)).toBe(200);
  const data = created.json.data as { tracking_code: string; order_id: string; payment_url: string };
  const step = await pressPayByCard(data.payment_url);
  const gate = await submit(await readCardStep(step), step);
  const answer = await submit(readForm(gate.html)!, bank.gatewayUrl, {
    pan: CARDS.approve,
    holder: "AYSE KAYA",
    expiry: "12/30",
    cv2: "000",
  });
  const back = readForm(answer.html)!;
  expect(back.action).toContain(`${server.baseUrl}/api/returns/card/`);
  return { ...data, returned: await postReturn(back) };
}

describe("encryption key rotation (APP_ENCRYPTION_KEYS and secrets:reencrypt)", { timeout: 300_000 }, () => {
  it("moves every registered secret, connector configurations included, to the new key; a server lacking a key names what it cannot open and refuses to start; after the old key is removed card returns and refunds still work", async () => {
    const oldKey = own.env.APP_ENCRYPTION_KEY!;
    // Secrets of every kind, sealed under the single old key in today's v1 format.
    const first = await createTenant();
    const second = await createTenant();
    const rotated = await rotateAccountSecret("dealer", second.dealer.id, ACTOR, 3600);
    const integration = await createSiteIntegration({ dealerId: first.dealer.id, name: "Shop" }, ACTOR);
    // The first dealer takes cards through the simulated EST bank: its store key and API password sealed.
    await setDealerAcquirer(first.dealer.id, "est-v3", estConfig(), ACTOR);
    // A gateway with its own connector configuration, its secret rotated with a grace period: previous_config.
    const webhookSecret = newGatewaySecret();
    const gateway = await saveGateway(
      undefined,
      {
        method: "WALLET",
        name: "Rotating gateway",
        code: `rot-${randomBytes(3).toString("hex")}`,
        minAmount: "1.00",
        maxAmount: "100.00",
        supportedCryptoTypes: [],
        requiredFields: [],
        description: "",
        isActive: true,
        connector: "http-partner",
        config: { baseUrl: "https://gw.example", secret: "gw_secret_0123456789" },
      },
      ACTOR,
    );
    await prisma.gateway.update({ where: { id: gateway.id }, data: { webhookSecretEnc: webhookSecret.sealed } });
    const gatewayRotation = await rotateGatewaySecret(gateway.id, ACTOR, 3600);
    // An E-IBAN wallet reached through a bank connector of its own.
    const wallet = await prisma.eibanWallet.create({
      data: {
        dealerId: first.dealer.id,
        walletId: `WLT-ROT${randomBytes(3).toString("hex").toUpperCase()}`,
        iban: ibanFromBban("TR", `000610${String(Date.now()).slice(-10).padStart(16, "0")}`),
        bankName: "Partner Bank",
        accountName: "Dealer",
        connector: "http-partner",
        connectorConfig: sealBankConfig("http-partner", {
          baseUrl: "https://bank.example",
          secret: "bank_secret_0123456789",
        }) as unknown as Prisma.InputJsonValue,
      },
    });
    await prisma.consoleUser.create({
      data: {
        email: `totp-${randomBytes(3).toString("hex")}@example.com`,
        passwordHash: "unused",
        role: "ADMIN",
        totpSecretEnc: encryptSecret("JBSWY3DPEHPK3PXP"),
      },
    });

    const before = await allSealedValues();
    const places = new Set(before.map((v) => v.where));
    for (const where of [
      "dealer_acquirers.config",
      "eiban_wallets.connector_config",
      "gateways.config",
      "gateways.previous_config",
      "gateways.webhook_secret_enc",
      "console_users.totp_secret_enc",
      "site_integrations.secret_key_enc",
      "providers.verification_key_enc",
      "dealers.previous_secret_key_enc",
    ]) {
      expect(places, where).toContain(where);
    }
    expect(before.every((v) => v.value.startsWith("v1."))).toBe(true);

    const newKey = randomBytes(32).toString("base64");
    const onlyNew = { ...own.env, APP_ENCRYPTION_KEY: "", APP_ENCRYPTION_KEYS: `k2:${newKey}`, JOB_RUNNER: "off" };

    // The old key removed too early: production refuses to start, one JSON line naming (table, id), no secret.
    const refused = await startAppServer(onlyNew, []).then(
      async (server) => {
        await server.stop();
        return "";
      },
      (error: Error) => error.message,
    );
    const line = refused.split("\n").find((l) => l.includes('"unreadable_secrets"'));
    expect(line, refused).toBeDefined();
    const logged = JSON.parse(line!) as {
      level: string;
      unreadable_secrets: {
        count: number;
        values: { table: string; id: number; column: string; key: string | null }[];
      };
    };
    expect(logged.level).toBe("error");
    expect(logged.unreadable_secrets.count).toBe(before.length);
    expect(logged.unreadable_secrets.values).toEqual(
      expect.arrayContaining([
        { table: "dealer_acquirers", id: first.dealer.id, column: "config.storeKey", key: null },
        { table: "eiban_wallets", id: wallet.id, column: "connector_config.secret", key: null },
        { table: "gateways", id: gateway.id, column: "previous_config.secret", key: null },
      ]),
    );
    expect(refused).toContain("Refusing to start");
    for (const secret of [
      DEFAULT_STORE.storeKey,
      "gw_secret_0123456789",
      gatewayRotation.webhookSecret,
      "bank_secret_0123456789",
    ])
      expect(refused).not.toContain(secret);

    // Outside production it starts, and /api/ready says what it cannot open, without a secret.
    const lenient = await startAppServer({ ...onlyNew, APP_ENV: "development" }, []);
    try {
      const ready = await httpRequest({ url: `${lenient.baseUrl}/api/ready`, method: "GET", checkResponse: false });
      expect(ready.status).toBe(503);
      expect(ready.json).toMatchObject({
        status: "not ready",
        checks: { keyring: "failing" },
        unreadable: { count: before.length },
      });
      expect((ready.json.unreadable as { values: unknown[] }).values).toContainEqual({
        table: "dealer_acquirers",
        id: first.dealer.id,
        column: "config.password",
        key: null,
      });
      for (const { value } of before) expect(ready.text).not.toContain(value);
      expect(ready.text).not.toContain(DEFAULT_STORE.storeKey);
    } finally {
      await lenient.stop();
    }

    // The restore drill's check says the same before the rotation: exit 1, where, under which key, no secret.
    const unready = admin(onlyNew, "secrets:check");
    expect(unready.status, unready.stderr).toBe(1);
    expect(unready.stderr).toContain(`${before.length} stored secret(s) cannot be opened with this keyring`);
    expect(unready.stderr).toContain(`dealer_acquirers#${first.dealer.id}.config.storeKey`);
    for (const { value } of before) expect(unready.stderr).not.toContain(value);

    const ring = { APP_ENCRYPTION_KEYS: `k2:${newKey},k1:${oldKey}` };
    const report = reencrypt(ring, "--batch", "1");
    expect(report.key_id).toBe("k2");
    expect(report.changed_meanwhile).toBe(0);
    expect(report.reencrypted).toEqual({
      providers: 2,
      dealers: 2,
      site_integrations: 1,
      console_users: 1,
      gateways: 1,
      dealer_acquirers: 2,
      eiban_wallets: 1,
    });
    // Resumable and idempotent: a second pass finds nothing left to move.
    const again = reencrypt(ring);
    expect(Object.values(again.reencrypted).every((n) => n === 0)).toBe(true);
    expect(again.already_current).toBe(10);
    // Batches of one: one audit entry per moved row, naming the key, never a secret.
    const audits = await prisma.auditLog.findMany({ where: { action: "secrets.reencrypt" } });
    expect(audits).toHaveLength(10);
    expect(JSON.stringify(audits)).not.toContain(first.provider.secret_key);
    expect(JSON.stringify(audits)).not.toContain(DEFAULT_STORE.storeKey);

    const after = await allSealedValues();
    expect(after.map((v) => v.where).sort()).toEqual(before.map((v) => v.where).sort());
    expect(after.every((v) => v.value.startsWith("v2.k2."))).toBe(true);
    const checked = admin(onlyNew, "secrets:check");
    expect(checked.status, checked.stderr).toBe(0);
    expect(JSON.parse(checked.stdout)).toEqual({ unreadable: 0 });

    // The old key removed everywhere: this process, the CLI and a restarted production server know only the new one.
    delete process.env.APP_ENCRYPTION_KEY;
    process.env.APP_ENCRYPTION_KEYS = `k2:${newKey}`;
    const server = await startAppServer(onlyNew, []);
    try {
      const ready = await httpRequest({ url: `${server.baseUrl}/api/ready`, method: "GET", checkResponse: false });
      expect(ready.json).toMatchObject({ checks: { keyring: "ok" } });
      expect((await signedRequest(server.baseUrl, "/api/provider/welcome", first.creds)).status).toBe(200);
      expect(
        (await signedRequest(server.baseUrl, "/api/dealer/settings", first.dealerCreds, { method: "GET" })).status,
      ).toBe(200);
      // The rotated dealer's new secret and, during its grace period, its previous one.
      expect(
        (
          await signedRequest(
            server.baseUrl,
            "/api/dealer/settings",
            { apiKey: second.dealer.api_key, secretKey: rotated.secret_key },
            { method: "GET" },
          )
        ).status,
      ).toBe(200);
      expect(
        (await signedRequest(server.baseUrl, "/api/dealer/settings", second.dealerCreds, { method: "GET" })).status,
      ).toBe(200);

      // A card payment: the bank's signed return is verified with the re-sealed store key, then refunded.
      const payment = await payByCard(server, first.creds, first.site.credential_key);
      expect(payment.returned.status).toBe(303);
      expect(
        (await prisma.transaction.findUniqueOrThrow({ where: { trackingCode: payment.tracking_code } })).status,
      ).toBe("success");
      const refund = await adminAsync(
        "transaction:refund",
        payment.tracking_code,
        "--reason",
        "after the key rotation",
      );
      expect(refund.code, refund.stderr).toBe(0);
      expect(refund.json()).toMatchObject({
        tracking_code: payment.tracking_code,
        status: "refunded",
        refunded_total: "150.00",
      });
      expect(bank.order(DEFAULT_STORE.clientId, payment.order_id)!.refundedMinor).toBe(15000n);

      const siteRow = await prisma.siteIntegration.findUniqueOrThrow({ where: { id: integration.id } });
      expect(decryptSecret(siteRow.secretKeyEnc)).toBe(integration.secret_key);
      const gatewayRow = await prisma.gateway.findUniqueOrThrow({ where: { id: gateway.id } });
      expect(decryptSecret(gatewayRow.webhookSecretEnc!)).toBe(webhookSecret.plain);
      // Both of the gateway's configurations open: the current secret, and the previous one during its grace.
      expect(verifyingConnections(gatewayRow).map((c) => (c.config as { secret: string }).secret)).toEqual([
        gatewayRotation.webhookSecret,
        "gw_secret_0123456789",
      ]);
      const walletRow = await prisma.eibanWallet.findUniqueOrThrow({ where: { id: wallet.id } });
      expect((walletBank(walletRow).config as { secret: string }).secret).toBe("bank_secret_0123456789");
    } finally {
      await server.stop();
    }
  });
});
