import { describe, expect, inject, it } from "vitest";
import { prisma } from "@/lib/base/db/prisma";
import { createSite } from "@/lib/domain/sites/create-site";
import { createTenant } from "../support/fixtures";
import { signedRequest } from "../support/signed-request";

const baseUrl = inject("baseUrl");
const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

describe("POST /api/provider/welcome", () => {
  it("returns the spec's fields exactly", async () => {
    const { creds, provider } = await createTenant();
    const res = await signedRequest(baseUrl, "/api/provider/welcome", creds);
    expect(res.status).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual(["info", "message", "next_step", "provider", "success", "timestamp"]);
    expect(res.json.provider).toEqual({ id: provider.id, name: expect.any(String), is_active: true });
    expect(res.json.timestamp).toMatch(DATE_TIME);
    expect(typeof res.json.info).toBe("string");
    expect(typeof res.json.next_step).toBe("string");
  });

  it("refuses malformed JSON (400), unknown fields (422) and oversized bodies (413)", async () => {
    const { creds } = await createTenant();
    const malformed = await signedRequest(baseUrl, "/api/provider/welcome", creds, { rawBody: "{nope" });
    expect(malformed.status).toBe(400);
    expect(malformed.json).toMatchObject({ success: false, error: "Invalid JSON" });
    const unknown = await signedRequest(baseUrl, "/api/provider/welcome", creds, { body: { surprise: 1 } });
    expect(unknown.status).toBe(422);
    expect(unknown.json).toEqual({ success: false, error: "Validation failed", messages: ["Unknown field: surprise"] });
    const big = await signedRequest(baseUrl, "/api/provider/welcome", creds, {
      rawBody: JSON.stringify({ pad: "x".repeat(70_000) }),
    });
    expect(big.status).toBe(413);
    expect(big.json).toMatchObject({ success: false });
  });
});

describe("POST /api/provider/sites", () => {
  it("lists the provider's own sites with the spec's fields, hashed with X-Key", async () => {
    const tenant = await createTenant();
    const other = await createTenant();
    await createSite(
      {
        providerId: tenant.provider.id,
        dealerId: tenant.dealer.id,
        name: "Second site",
        returnUrl: "https://site.example/back",
      },
      { label: "test" },
    );
    const key = tenant.provider.verification_key;
    const res = await signedRequest(baseUrl, "/api/provider/sites", tenant.creds, {
      middle: [key],
      headers: { "x-key": key },
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual(["provider", "sites", "success", "timestamp", "total_sites"]);
    expect(res.json.provider).toEqual({ id: tenant.provider.id, name: expect.any(String) });
    expect(res.json.total_sites).toBe(2);
    const sites = res.json.sites as Record<string, unknown>[];
    expect(sites.map((s) => s.id)).not.toContain(other.site.id);
    for (const site of sites) {
      expect(Object.keys(site).sort()).toEqual(["created_at", "id", "is_active", "name"]);
      expect(site.created_at).toMatch(DATE_TIME);
    }
  });

  it("needs X-Key in the headers and in the hash, and it must be the verification key", async () => {
    const { creds, provider } = await createTenant();
    const key = provider.verification_key;
    const missing = await signedRequest(baseUrl, "/api/provider/sites", creds, { middle: [key] });
    expect(missing.status).toBe(401);
    expect(missing.json.error).toBe("Missing required headers");
    const notInHash = await signedRequest(baseUrl, "/api/provider/sites", creds, { headers: { "x-key": key } });
    expect(notInHash.json.error).toBe("Invalid hash");
    const wrongKey = await signedRequest(baseUrl, "/api/provider/sites", creds, {
      middle: ["vk_other"],
      headers: { "x-key": "vk_other" },
    });
    expect(wrongKey.status).toBe(401);
    expect(wrongKey.json.error).toBe("Invalid verification key");
  });

  it("shows inactive sites with is_active false", async () => {
    const { creds, provider, site } = await createTenant();
    await prisma.site.update({ where: { id: site.id }, data: { isActive: false } });
    const key = provider.verification_key;
    const res = await signedRequest(baseUrl, "/api/provider/sites", creds, {
      middle: [key],
      headers: { "x-key": key },
    });
    expect(res.json.sites).toEqual([expect.objectContaining({ id: site.id, is_active: false })]);
  });
});
