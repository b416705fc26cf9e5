import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret } from "@/lib/base/crypto/secret-box";
import { prisma } from "@/lib/base/db/prisma";
import { Prisma } from "@/lib/generated/prisma/client";
import { rotateAccountSecret } from "@/lib/domain/accounts/rotate-account-secret";
import { createSiteIntegration } from "@/lib/domain/site-integrations/create-site-integration";
import { newGatewaySecret } from "@/lib/integrations/gateways/gateway-secret";
import { SEALED_COLUMNS } from "@/lib/domain/ops/reencrypt-secrets";
import { createTenant } from "../support/fixtures";
import { ownDatabase } from "../support/own-database";
import { signedRequest } from "../support/signed-request";
import { startAppServer } from "../support/test-stack";

const own = ownDatabase();
const ACTOR = { label: "encryption-key-rotation-test" };

/** `npm run --silent admin -- secrets:reencrypt` as an operator runs it, with the keyring given. */
function reencrypt(keys: Record<string, string>, ...args: string[]) {
  const env = { ...process.env, ...keys };
  if (!keys.APP_ENCRYPTION_KEY) delete env.APP_ENCRYPTION_KEY;
  const result = spawnSync(path.join("node_modules", ".bin", "tsx"), ["scripts/admin.ts", "secrets:reencrypt", ...args], { env, encoding: "utf8" });
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as { key_id: string; reencrypted: Record<string, number>; already_current: number; changed_meanwhile: number };
}

async function allSealedValues(): Promise<string[]> {
  const values: string[] = [];
  for (const [table, columns] of Object.entries(SEALED_COLUMNS)) {
    const rows = await prisma.$queryRaw<Record<string, string | null>[]>(Prisma.sql`SELECT ${Prisma.raw(columns.join(", "))} FROM ${Prisma.raw(table)}`);
    for (const row of rows) values.push(...Object.values(row).filter((v): v is string => typeof v === "string"));
  }
  const gateways = await prisma.gateway.findMany({ select: { config: true } });
  for (const { config } of gateways) values.push(...Object.values((config as { sealed?: Record<string, string> } | null)?.sealed ?? {}));
  return values;
}

describe("encryption key rotation (APP_ENCRYPTION_KEYS and secrets:reencrypt)", { timeout: 300_000 }, () => {
  it("moves every stored secret to the new key, resumably and audited; the old key is then removed and requests still verify", async () => {
    const oldKey = own.env.APP_ENCRYPTION_KEY!;
    // Secrets of every kind, sealed under the single old key in today's v1 format.
    const first = await createTenant();
    const second = await createTenant();
    const rotated = await rotateAccountSecret("dealer", second.dealer.id, ACTOR, 3600);
    const integration = await createSiteIntegration({ dealerId: first.dealer.id, name: "Shop" }, ACTOR);
    const gatewaySecret = newGatewaySecret();
    await prisma.gateway.create({
      data: {
        method: "WALLET", name: "Rotating gateway", code: `rot_${randomBytes(3).toString("hex")}`, minAmount: "1.00", maxAmount: "100.00",
        webhookSecretEnc: gatewaySecret.sealed,
        config: { connector: "sandbox", values: { url: "https://gw.example" }, sealed: { apiKey: encryptSecret("gw_api_key_1234") } },
      },
    });
    await prisma.consoleUser.create({ data: { email: `totp-${randomBytes(3).toString("hex")}@example.com`, passwordHash: "unused", role: "ADMIN", totpSecretEnc: encryptSecret("JBSWY3DPEHPK3PXP") } });
    const before = await allSealedValues();
    expect(before).toHaveLength(11);
    expect(before.every((v) => v.startsWith("v1."))).toBe(true);

    const newKey = randomBytes(32).toString("base64");
    const ring = { APP_ENCRYPTION_KEYS: `k2:${newKey},k1:${oldKey}` };
    const report = reencrypt(ring, "--batch", "1");
    expect(report.key_id).toBe("k2");
    expect(report.changed_meanwhile).toBe(0);
    expect(report.reencrypted).toEqual({ providers: 2, dealers: 2, site_integrations: 1, gateways: 1, console_users: 1 });
    // Resumable and idempotent: a second pass finds nothing left to move.
    const again = reencrypt(ring);
    expect(again.reencrypted).toEqual({ providers: 0, dealers: 0, site_integrations: 0, gateways: 0, console_users: 0 });
    expect(again.already_current).toBe(7);
    // Batches of one: one audit entry per moved row, naming the key, never a secret.
    const audits = await prisma.auditLog.findMany({ where: { action: "secrets.reencrypt" } });
    expect(audits).toHaveLength(7);
    expect(JSON.stringify(audits)).not.toContain(first.provider.secret_key);

    const after = await allSealedValues();
    expect(after).toHaveLength(before.length);
    expect(after.every((v) => v.startsWith("v2.k2."))).toBe(true);

    // The old key removed everywhere: this process and a fresh server know only the new one.
    delete process.env.APP_ENCRYPTION_KEY;
    process.env.APP_ENCRYPTION_KEYS = `k2:${newKey}`;
    const server = await startAppServer({ ...own.env, APP_ENCRYPTION_KEY: "", APP_ENCRYPTION_KEYS: `k2:${newKey}`, JOB_RUNNER: "off" }, []);
    try {
      expect((await signedRequest(server.baseUrl, "/api/provider/welcome", first.creds)).status).toBe(200);
      expect((await signedRequest(server.baseUrl, "/api/dealer/settings", first.dealerCreds, { method: "GET" })).status).toBe(200);
      // The rotated dealer's new secret and, during its grace period, its previous one.
      expect((await signedRequest(server.baseUrl, "/api/dealer/settings", { apiKey: second.dealer.api_key, secretKey: rotated.secret_key }, { method: "GET" })).status).toBe(200);
      expect((await signedRequest(server.baseUrl, "/api/dealer/settings", second.dealerCreds, { method: "GET" })).status).toBe(200);
      const siteRow = await prisma.siteIntegration.findUniqueOrThrow({ where: { id: integration.id } });
      expect(decryptSecret(siteRow.secretKeyEnc)).toBe(integration.secret_key);
      const gateway = await prisma.gateway.findFirstOrThrow({ where: { name: "Rotating gateway" } });
      expect(decryptSecret(gateway.webhookSecretEnc!)).toBe(gatewaySecret.plain);
      expect(decryptSecret((gateway.config as { sealed: Record<string, string> }).sealed.apiKey!)).toBe("gw_api_key_1234");
    } finally {
      await server.stop();
    }
  });
});
