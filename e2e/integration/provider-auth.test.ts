import { describe, expect, inject, it } from "vitest";
import { prisma } from "@/lib/base/db/prisma";
import { rotateAccountSecret } from "@/lib/domain/accounts/rotate-account-secret";
import { createTenant } from "../support/fixtures";
import { signedRequest } from "../support/signed-request";
import { TRUSTED_PROXY_ADDRESS } from "../support/test-stack";

const baseUrl = inject("baseUrl");
const now = () => Math.floor(Date.now() / 1000);

function expectAccessError(res: { status: number; json: Record<string, unknown> }, status: number, error: string) {
  expect(res.status).toBe(status);
  expect(res.json).toMatchObject({ success: false, error });
  expect(typeof res.json.message).toBe("string");
  expect(Object.keys(res.json).sort()).toEqual(["error", "message", "success"]);
}

describe("provider authentication (provider-api.md Authentication, decisions §3)", () => {
  it("accepts a correctly signed welcome request", async () => {
    const { creds, provider } = await createTenant();
    const res = await signedRequest(baseUrl, "/api/provider/welcome", creds);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: true, provider: { id: provider.id, is_active: true } });
    expect(res.headers["x-request-id"]).toBeTruthy();
  });

  it.each(["x-api-key", "x-hash", "x-timestamp"])("401 Missing required headers without %s", async (header) => {
    const { creds } = await createTenant();
    const res = await signedRequest(baseUrl, "/api/provider/welcome", creds, { omit: [header] });
    expectAccessError(res, 401, "Missing required headers");
  });

  it("401 Invalid API key for an unknown key", async () => {
    const res = await signedRequest(baseUrl, "/api/provider/welcome", { apiKey: "pk_unknown", secretKey: "whatever" });
    expectAccessError(res, 401, "Invalid API key");
  });

  it("401 Request timestamp expired beyond 300 s in the past or the future, accepted within", async () => {
    const { creds } = await createTenant();
    expectAccessError(
      await signedRequest(baseUrl, "/api/provider/welcome", creds, { timestamp: now() - 301 }),
      401,
      "Request timestamp expired",
    );
    // A few seconds past the window ahead: the request reaches the server later than the test read its clock, so
    // +301 would be read as +300 (accepted) whenever a second boundary passes on the way.
    expectAccessError(
      await signedRequest(baseUrl, "/api/provider/welcome", creds, { timestamp: now() + 305 }),
      401,
      "Request timestamp expired",
    );
    expect((await signedRequest(baseUrl, "/api/provider/welcome", creds, { timestamp: now() - 290 })).status).toBe(200);
    expect((await signedRequest(baseUrl, "/api/provider/welcome", creds, { timestamp: now() + 290 })).status).toBe(200);
  });

  it.each(["abc", "1.5", "-100", "1e9"])("401 Invalid timestamp for %s", async (timestamp) => {
    const { creds } = await createTenant();
    expectAccessError(
      await signedRequest(baseUrl, "/api/provider/welcome", creds, { timestamp }),
      401,
      "Invalid timestamp",
    );
  });

  it("401 Invalid hash for a wrong secret or formula; hex case does not matter", async () => {
    const { creds } = await createTenant();
    expectAccessError(
      await signedRequest(baseUrl, "/api/provider/welcome", { ...creds, secretKey: "wrong" }),
      401,
      "Invalid hash",
    );
    expectAccessError(
      await signedRequest(baseUrl, "/api/provider/welcome", creds, { middle: ["extra"] }),
      401,
      "Invalid hash",
    );
    const ts = now();
    const { contractHash } = await import("@/lib/base/crypto/contract-hash");
    const upper = contractHash(creds.apiKey, creds.secretKey, ts).toUpperCase();
    expect((await signedRequest(baseUrl, "/api/provider/welcome", creds, { timestamp: ts, hash: upper })).status).toBe(
      200,
    );
  });

  it("403 Provider account is inactive, checked after the hash", async () => {
    const { creds, provider } = await createTenant();
    await prisma.provider.update({ where: { id: provider.id }, data: { isActive: false } });
    expectAccessError(
      await signedRequest(baseUrl, "/api/provider/welcome", creds),
      403,
      "Provider account is inactive",
    );
    // A bad hash is still a 401: inactive accounts are not revealed to unsigned callers.
    expectAccessError(
      await signedRequest(baseUrl, "/api/provider/welcome", { ...creds, secretKey: "x" }),
      401,
      "Invalid hash",
    );
  });

  it("403 IP address not allowed when the peer is not whitelisted; CIDR entries match", async () => {
    const outside = await createTenant({ ips: ["10.0.0.0/8", "2001:db8::/32"] });
    expectAccessError(
      await signedRequest(baseUrl, "/api/provider/welcome", outside.creds),
      403,
      "IP address not allowed",
    );
    const cidr = await createTenant({ ips: ["127.0.0.0/30"] });
    expect((await signedRequest(baseUrl, "/api/provider/welcome", cidr.creds)).status).toBe(200);
    const empty = await createTenant({ ips: [] });
    expectAccessError(
      await signedRequest(baseUrl, "/api/provider/welcome", empty.creds),
      403,
      "IP address not allowed",
    );
  });

  it("a client outside TRUSTED_PROXIES cannot pass the whitelist with X-Forwarded-For or X-Real-IP", async () => {
    const { creds } = await createTenant({ ips: ["203.0.113.7"] });
    const spoofed = { "x-forwarded-for": "203.0.113.7", "x-real-ip": "203.0.113.7", forwarded: "for=203.0.113.7" };
    expectAccessError(
      await signedRequest(baseUrl, "/api/provider/welcome", creds, { headers: spoofed }),
      403,
      "IP address not allowed",
    );
    // Nor by sending the internal peer header the server itself sets.
    const internal = { "x-pis-peer-address": "203.0.113.7" };
    expectAccessError(
      await signedRequest(baseUrl, "/api/provider/welcome", creds, { headers: internal }),
      403,
      "IP address not allowed",
    );
  });

  it("X-Forwarded-For is honoured when the peer is a trusted proxy", async () => {
    const { creds } = await createTenant({ ips: ["203.0.113.7"] });
    const viaProxy = { localAddress: TRUSTED_PROXY_ADDRESS };
    const forwarded = await signedRequest(baseUrl, "/api/provider/welcome", creds, {
      ...viaProxy,
      headers: { "x-forwarded-for": "198.51.100.1, 203.0.113.7" },
    });
    expect(forwarded.status).toBe(200);
    const realIp = await signedRequest(baseUrl, "/api/provider/welcome", creds, {
      ...viaProxy,
      headers: { "x-real-ip": "203.0.113.7" },
    });
    expect(realIp.status).toBe(200);
    const other = await signedRequest(baseUrl, "/api/provider/welcome", creds, {
      ...viaProxy,
      headers: { "x-forwarded-for": "203.0.113.7, 198.51.100.1" },
    });
    expectAccessError(other, 403, "IP address not allowed");
  });

  it("checks in the decided order: API key before timestamp, timestamp before hash", async () => {
    const { creds } = await createTenant();
    expectAccessError(
      await signedRequest(baseUrl, "/api/provider/welcome", { apiKey: "nope", secretKey: "x" }, { timestamp: 1 }),
      401,
      "Invalid API key",
    );
    expectAccessError(
      await signedRequest(baseUrl, "/api/provider/welcome", { ...creds, secretKey: "bad" }, { timestamp: 1 }),
      401,
      "Request timestamp expired",
    );
  });

  it("a rotated secret replaces the old one; with a grace period both verify until it ends", async () => {
    const { creds, provider } = await createTenant();
    const rotated = await rotateAccountSecret("provider", provider.id, { label: "test" }, 3600);
    expect((await signedRequest(baseUrl, "/api/provider/welcome", creds)).status).toBe(200);
    expect(
      (await signedRequest(baseUrl, "/api/provider/welcome", { ...creds, secretKey: rotated.secret_key })).status,
    ).toBe(200);
    const again = await rotateAccountSecret("provider", provider.id, { label: "test" }, 0);
    expectAccessError(
      await signedRequest(baseUrl, "/api/provider/welcome", { ...creds, secretKey: rotated.secret_key }),
      401,
      "Invalid hash",
    );
    expect(
      (await signedRequest(baseUrl, "/api/provider/welcome", { ...creds, secretKey: again.secret_key })).status,
    ).toBe(200);
  });
});
