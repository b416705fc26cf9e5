import { describe, expect, inject, it } from "vitest";
import { prisma } from "@/lib/base/db/prisma";
import { rotateAccountSecret } from "@/lib/domain/accounts/rotate-account-secret";
import { rotateVerificationKey } from "@/lib/domain/providers/rotate-verification-key";
import { rotateSiteCredentialKey } from "@/lib/domain/sites/rotate-site-credential-key";
import { createTenant } from "../support/fixtures";
import { callWithSite } from "../support/provider-calls";
import { signedRequest, type Credentials } from "../support/signed-request";

const baseUrl = inject("baseUrl");
const ACTOR = { label: "key-rotation-test" };

const welcome = (creds: Credentials) => signedRequest(baseUrl, "/api/provider/welcome", creds);
const dealerSettings = (creds: Credentials) => signedRequest(baseUrl, "/api/dealer/settings", creds, { method: "GET" });

/** Ends a running grace period now, as if its time had passed. */
async function endGrace(model: "provider" | "dealer", id: number) {
  const past = new Date(Date.now() - 1000);
  if (model === "provider") await prisma.provider.update({ where: { id }, data: { previousSecretValidTo: past } });
  else await prisma.dealer.update({ where: { id }, data: { previousSecretValidTo: past } });
}

async function auditOf(entityType: string, entityId: number, action: string) {
  return prisma.auditLog.findMany({ where: { entityType, entityId: String(entityId), action } });
}

describe("secret rotation with a grace period, end to end", () => {
  it("a provider's old secret signs valid requests until the grace end, then 401; the new one works throughout", async () => {
    const { creds, provider } = await createTenant();
    const rotated = await rotateAccountSecret("provider", provider.id, ACTOR, 3600);
    const fresh = { ...creds, secretKey: rotated.secret_key };
    expect(new Date(rotated.previous_secret_valid_until!).getTime()).toBeGreaterThan(Date.now() + 3500_000);

    expect((await welcome(creds)).status).toBe(200);
    expect((await welcome(fresh)).status).toBe(200);

    await endGrace("provider", provider.id);
    const refused = await welcome(creds);
    expect(refused.status).toBe(401);
    expect(refused.json).toMatchObject({ success: false, error: "Invalid hash" });
    expect((await welcome(fresh)).status).toBe(200);

    // The audit entry says when the grace ends and carries no secret.
    const [entry] = await auditOf("provider", provider.id, "provider.rotate_secret");
    expect(entry!.after).toEqual({ previousSecretValidTo: rotated.previous_secret_valid_until });
    const logged = JSON.stringify([entry!.before, entry!.after]);
    expect(logged).not.toContain(rotated.secret_key);
    expect(logged).not.toContain(creds.secretKey);
  });

  it("a dealer's old secret works the same way on the dealer API", async () => {
    const { dealerCreds, dealer } = await createTenant();
    const rotated = await rotateAccountSecret("dealer", dealer.id, ACTOR, 600);
    const fresh = { ...dealerCreds, secretKey: rotated.secret_key };
    expect((await dealerSettings(dealerCreds)).status).toBe(200);
    expect((await dealerSettings(fresh)).status).toBe(200);
    await endGrace("dealer", dealer.id);
    expect((await dealerSettings(dealerCreds)).json).toMatchObject({ success: false, error: "Invalid hash" });
    expect((await dealerSettings(fresh)).status).toBe(200);
    expect(await auditOf("dealer", dealer.id, "dealer.rotate_secret")).toHaveLength(1);
  });

  it("without a grace period the old secret stops at once, and a longer grace than 7 days is refused", async () => {
    const { creds, provider } = await createTenant();
    const rotated = await rotateAccountSecret("provider", provider.id, ACTOR, 0);
    expect(rotated.previous_secret_valid_until).toBeNull();
    expect((await welcome(creds)).status).toBe(401);
    await expect(rotateAccountSecret("provider", provider.id, ACTOR, 7 * 24 * 3600 + 1)).rejects.toMatchObject({
      code: "VALIDATION",
    });
    await expect(rotateAccountSecret("dealer", 999_999_999, ACTOR, 60)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("other keys", () => {
  it("a new verification key replaces the old one on the sites endpoint", async () => {
    const { creds, provider } = await createTenant();
    const sites = (key: string) =>
      signedRequest(baseUrl, "/api/provider/sites", creds, { middle: [key], headers: { "x-key": key } });
    expect((await sites(provider.verification_key)).status).toBe(200);
    const rotated = await rotateVerificationKey(provider.id, ACTOR);
    expect((await sites(provider.verification_key)).json).toMatchObject({ error: "Invalid verification key" });
    expect((await sites(rotated.verification_key)).status).toBe(200);
    const [entry] = await auditOf("provider", provider.id, "provider.rotate_verification_key");
    expect(JSON.stringify(entry)).not.toContain(rotated.verification_key);
  });

  it("a new credential key replaces the old one for the site's payments", async () => {
    const { creds, site } = await createTenant();
    // An empty body fails validation (422) only after the credential key was accepted.
    expect((await callWithSite("/api/provider/start-manual-deposit", creds, site.credential_key, {})).status).toBe(422);
    const rotated = await rotateSiteCredentialKey(site.id, ACTOR);
    expect((await callWithSite("/api/provider/start-manual-deposit", creds, site.credential_key, {})).status).toBe(401);
    expect((await callWithSite("/api/provider/start-manual-deposit", creds, rotated.credential_key, {})).status).toBe(
      422,
    );
    const [entry] = await auditOf("site", site.id, "site.rotate_credential_key");
    expect(JSON.stringify(entry)).not.toContain(rotated.credential_key);
  });
});
