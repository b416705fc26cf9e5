import { describe, expect, it } from "vitest";
import { z } from "zod";
import { withProvider } from "@/lib/edge/auth/with-provider";
import { contractHash } from "@/lib/base/crypto/contract-hash";
import { prisma } from "@/lib/base/db/prisma";
import { jsonResponse } from "@/lib/edge/http/json-response";
import { PEER_ADDRESS_HEADER } from "@/lib/base/net/client-ip";
import { createTenant } from "../support/fixtures";

// The wrapper every credential-key endpoint uses (start-manual-deposit and the rest), exercised directly.
const route = withProvider(
  { signature: "credential-key", body: z.strictObject({ amount: z.number() }) },
  async ({ site, body }) => jsonResponse({ success: true, site_id: site.id, amount: body.amount }),
);

function call(creds: { apiKey: string; secretKey: string }, credentialKey: string, body: unknown = { amount: 5 }) {
  const ts = String(Math.floor(Date.now() / 1000));
  return route(
    new Request("http://test.local/api/provider/start-manual-deposit", {
      method: "POST",
      body: JSON.stringify(body),
      headers: {
        "content-type": "application/json",
        "x-api-key": creds.apiKey,
        "x-timestamp": ts,
        "x-hash": contractHash(creds.apiKey, creds.secretKey, credentialKey, ts),
        "x-credential-key": credentialKey,
        [PEER_ADDRESS_HEADER]: "127.0.0.1",
      },
    }),
    { params: Promise.resolve({}) },
  );
}

describe("credential key ownership (provider-api.md Authentication step 5)", () => {
  it("selects the provider's own site", async () => {
    const { creds, site } = await createTenant();
    const res = await call(creds, site.credential_key);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, site_id: site.id, amount: 5 });
  });

  it("401 Invalid credential key for another provider's site or an unknown key", async () => {
    const mine = await createTenant();
    const theirs = await createTenant();
    for (const key of [theirs.site.credential_key, "ck_unknown"]) {
      const res = await call(mine.creds, key);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({
        success: false,
        error: "Invalid credential key",
        message: "Invalid credential key",
      });
    }
  });

  it("403 for an inactive site, 422 for a body that breaks the schema", async () => {
    const { creds, site } = await createTenant();
    const bad = await call(creds, site.credential_key, { amount: "x", extra: true });
    expect(bad.status).toBe(422);
    expect(await bad.json()).toEqual({
      success: false,
      error: "Validation failed",
      messages: ["amount: Invalid input: expected number, received string", "Unknown field: extra"],
    });
    await prisma.site.update({ where: { id: site.id }, data: { isActive: false } });
    expect((await call(creds, site.credential_key)).status).toBe(403);
  });
});
