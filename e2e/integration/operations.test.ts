import { readdirSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { addBankAccount } from "@/lib/domain/bank-accounts/add-bank-account";
import { disconnectPrisma, prisma } from "@/lib/base/db/prisma";
import { SANDBOX_SIGNATURE_HEADER } from "@/lib/integrations/connectors/sandbox-card/wire";
import { signMessage } from "@/lib/integrations/gateways/shared-secret";
import { ibanFromBban } from "@/lib/base/iban/iban";
import { authenticateConsoleUser } from "@/lib/domain/users/authenticate-console-user";
import { createConsoleUser } from "@/lib/domain/users/create-console-user";
import { hitRateLimit } from "@/lib/domain/ops/rate-limit";
import { startCallbackReceiver } from "../support/callback-receiver";
import { createTenant } from "../support/fixtures";
import { httpRequest } from "../support/http";
import { callWithSite } from "../support/provider-calls";
import { signedRequest } from "../support/signed-request";
import { startTestDatabase, type TestDatabase } from "../support/test-database";
import { startAppServer, testServerEnv, type AppServer } from "../support/test-stack";

const sharedBaseUrl = inject("baseUrl");

/** The processes a server started (its cluster's workers), from /proc. */
function childPids(pid: number): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, "utf8");
        return (
          Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid &&
          readFileSync(`/proc/${name}/cmdline`, "utf8").includes("dist/server.js")
        );
      } catch {
        return false;
      }
    })
    .map(Number);
}
const customer = { fullname: "Ali Can", username: "ali", user_id: "u-1" };

/** Fixed one-minute windows: start a burst early in a minute so it cannot straddle two windows. */
async function earlyInMinute() {
  const second = new Date().getSeconds();
  if (second > 45) await new Promise((r) => setTimeout(r, (61 - second) * 1000));
}

async function tenantWithAccount(options: Parameters<typeof createTenant>[0] = {}) {
  const t = await createTenant(options);
  await addBankAccount(
    {
      dealerId: t.dealer.id,
      bankName: "B",
      accountName: "H",
      iban: ibanFromBban("TR", `00010${String(Date.now()).slice(-9)}${String(Math.random()).slice(2, 10)}`),
      minAmount: "1",
      maxAmount: "100000",
    },
    { label: "test" },
  );
  return t;
}

describe("health and readiness", () => {
  it("/api/health answers; /api/ready checks the database, migrations, the keyring and the job runner", async () => {
    const health = await httpRequest({ url: `${sharedBaseUrl}/api/health`, method: "GET" });
    expect(health.status).toBe(200);
    expect(health.json).toMatchObject({ status: "ok", uptime_s: expect.any(Number) });
    const ready = await httpRequest({ url: `${sharedBaseUrl}/api/ready`, method: "GET" });
    expect(ready.status).toBe(200);
    expect(ready.json).toEqual({
      status: "ready",
      checks: { database: "ok", migrations: "ok", keyring: "ok", jobs: "ok", job_mode: "in-process" },
    });
    expect(ready.text).not.toMatch(/postgres|password|secret/i);
  });
});

describe("security headers", () => {
  it("pages get a nonce CSP without unsafe-inline scripts, no framing, HSTS; payment pages may be framed by configuration", async () => {
    const page = await httpRequest({ url: `${sharedBaseUrl}/console/login`, method: "GET" });
    const csp = String(page.headers["content-security-policy"]);
    const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src"))!;
    expect(scriptSrc).toMatch(/'nonce-[A-Za-z0-9+/=]+'/);
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(page.headers["strict-transport-security"]).toContain("max-age=");
    expect(page.headers["x-content-type-options"]).toBe("nosniff");
    const nonce = /'nonce-([^']+)'/.exec(scriptSrc)![1]!;
    expect(page.text).toContain(`nonce="${nonce}"`);

    const t = await tenantWithAccount();
    await prisma.provider.update({ where: { id: t.provider.id }, data: { embedOrigins: ["https://casino.example"] } });
    const created = await callWithSite("/api/provider/start-manual-deposit", t.creds, t.site.credential_key, {
      ...customer,
      amount: 10,
    });
    const payPath = new URL(String((created.json.data as Record<string, string>).payment_url)).pathname;
    const pay = await httpRequest({ url: sharedBaseUrl + payPath, method: "GET" });
    expect(String(pay.headers["content-security-policy"])).toContain("frame-ancestors https://casino.example");
    expect(pay.headers["x-frame-options"]).toBeUndefined();
    // The token in the URL reaches no other site; forms posted from the page keep their origin.
    expect(pay.headers["referrer-policy"]).toBe("same-origin");
  });
});

describe("rate limits", () => {
  it("a burst over the key's limit gets 429 with Retry-After and creates nothing; another key is unaffected", async () => {
    const t = await tenantWithAccount();
    const other = await tenantWithAccount();
    await prisma.provider.update({ where: { id: t.provider.id }, data: { rateLimitPerMinute: 5 } });
    await earlyInMinute();
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        callWithSite("/api/provider/start-manual-deposit", t.creds, t.site.credential_key, { ...customer, amount: 10 }),
      ),
    );
    const admitted = results.filter((r) => r.status === 200);
    expect(admitted).toHaveLength(5);
    // Every answer says the limit, what is left of it and when the window ends (RateLimit-* headers).
    expect(admitted.map((r) => Number(r.headers["ratelimit-remaining"])).sort()).toEqual([0, 1, 2, 3, 4]);
    const limited = results.filter((r) => r.status === 429);
    expect(limited).toHaveLength(3);
    for (const r of [...admitted, ...limited]) {
      expect(r.headers["ratelimit-limit"]).toBe("5");
      expect(Number(r.headers["ratelimit-reset"])).toBeGreaterThan(0);
      expect(Number(r.headers["ratelimit-reset"])).toBeLessThanOrEqual(60);
    }
    for (const r of limited) {
      expect(r.json).toEqual({
        success: false,
        error: "Too many requests",
        message: expect.stringContaining("5 requests per minute"),
      });
      expect(Number(r.headers["retry-after"])).toBeGreaterThan(0);
      expect(r.headers["ratelimit-remaining"]).toBe("0");
    }
    expect(await prisma.transaction.count({ where: { siteId: t.site.id } })).toBe(5);
    expect(
      (
        await callWithSite("/api/provider/start-manual-deposit", other.creds, other.site.credential_key, {
          ...customer,
          amount: 10,
        })
      ).status,
    ).toBe(200);
  });

  it("counts every hit in one shared row, and a refused key stays refused for the rest of its window", async () => {
    const key = `test:shared:${Date.now()}`;
    const decisions = await Promise.all(Array.from({ length: 30 }, () => hitRateLimit(key, 20, 60_000)));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(20);
    expect((await prisma.rateLimitEntry.findUnique({ where: { key } }))?.points).toBe(30);
    const again = await hitRateLimit(key, 20, 60_000);
    expect(again).toMatchObject({ allowed: false, remaining: 0 });
    expect(again.retryAfterSeconds).toBeGreaterThan(0);
  });

  it("console sign-in attempts are limited per account", async () => {
    await createConsoleUser(
      { email: "limited@test.example", password: "the-right-password", role: "admin" },
      { label: "test" },
    );
    for (let i = 0; i < 10; i++)
      expect(await authenticateConsoleUser("limited@test.example", "wrong-password", "203.0.113.9")).toBeNull();
    await expect(authenticateConsoleUser("limited@test.example", "the-right-password", "203.0.113.10")).rejects.toThrow(
      "TooManyAttempts",
    );
  });

  it("successful sign-ins do not count toward the limit, per account or per IP", async () => {
    await createConsoleUser(
      { email: "shift@test.example", password: "the-right-password", role: "admin" },
      { label: "test" },
    );
    // A shift signs in all day from the office's one address (more often than the limit), then mistypes.
    for (let i = 0; i < 12; i++)
      expect(await authenticateConsoleUser("shift@test.example", "the-right-password", "203.0.113.20")).toMatchObject({
        email: "shift@test.example",
      });
    for (let i = 0; i < 9; i++)
      expect(await authenticateConsoleUser("shift@test.example", "wrong-password", "203.0.113.20")).toBeNull();
    expect(await authenticateConsoleUser("shift@test.example", "the-right-password", "203.0.113.20")).toMatchObject({
      email: "shift@test.example",
    });
  });
});

describe("several instances and shutdown", () => {
  let database: TestDatabase;
  const servers: AppServer[] = [];

  beforeAll(async () => {
    database = await startTestDatabase();
    await disconnectPrisma();
    process.env.DATABASE_URL = database.url;
  });

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop("SIGKILL")));
    await disconnectPrisma();
    await database.stop();
  });

  it("two app instances share one rate limit, and log one JSON line per request without secrets", async () => {
    const env = testServerEnv(database);
    const [a, b] = await Promise.all([startAppServer(env), startAppServer(env)]);
    servers.push(a, b);
    const t = await tenantWithAccount();
    await prisma.provider.update({ where: { id: t.provider.id }, data: { rateLimitPerMinute: 6 } });
    await earlyInMinute();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await signedRequest(i % 2 ? a.baseUrl : b.baseUrl, "/api/provider/welcome", t.creds, {
        headers: { "x-request-id": `req-ops-${i}-abcdef` },
      });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(6);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
    const lines = (a.output() + b.output())
      .split("\n")
      .filter((l) => l.includes('"msg":"request"'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.find((l) => l.request_id === "req-ops-1-abcdef")).toMatchObject({
      level: "info",
      method: "POST",
      route: "/api/provider/welcome",
      status: 200,
      duration_ms: expect.any(Number),
      api_key_id: `provider:${t.provider.id}`,
    });
    const all = a.output() + b.output();
    expect(all).not.toContain(t.creds.secretKey);
    // Their job runners would deliver the next test's callbacks, which must wait for a restart.
    await Promise.all([a.stop(), b.stop()]);
  }, 120_000);

  it("two instances under concurrent load hold a shared limit exactly", async () => {
    const env = testServerEnv(database);
    const [a, b] = await Promise.all([startAppServer(env), startAppServer(env)]);
    servers.push(a, b);
    const t = await tenantWithAccount();
    const limit = 120;
    await prisma.provider.update({ where: { id: t.provider.id }, data: { rateLimitPerMinute: limit } });
    await earlyInMinute();
    // 16 clients per instance, 300 requests in all: both instances admit locally and reconcile meanwhile.
    let next = 0;
    const statuses: number[] = [];
    await Promise.all(
      Array.from({ length: 32 }, async (_, client) => {
        while (next < 300) {
          next++;
          statuses.push(
            (await signedRequest(client % 2 ? a.baseUrl : b.baseUrl, "/api/provider/welcome", t.creds)).status,
          );
        }
      }),
    );
    // One atomic count in PostgreSQL per hit (lib/domain/ops/rate-limit.ts): exactly the limit, whatever the instances.
    expect(statuses.filter((s) => s === 200)).toHaveLength(limit);
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    await Promise.all([a.stop(), b.stop()]);
  }, 120_000);

  it("WEB_CONCURRENCY=2 serves one port from two workers and stops them all on SIGTERM", async () => {
    const server = await startAppServer({ ...testServerEnv(database), WEB_CONCURRENCY: "2", JOB_RUNNER: "off" });
    servers.push(server);
    expect(server.output()).toMatch(/Ready on .*, 2 workers/);
    const workers = childPids(server.pid);
    expect(workers).toHaveLength(2);
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => httpRequest({ url: `${server.baseUrl}/api/health`, method: "GET" })),
    );
    expect(answers.every((r) => r.status === 200)).toBe(true);
    await server.stop();
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
  }, 120_000);

  it("under load, SIGTERM finishes what started, serves what arrives on open connections, refuses new ones, and every committed payment's callback arrives after restart", async () => {
    const receiver = await startCallbackReceiver();
    try {
      const env = testServerEnv(database);
      const t = await createTenant({ callbackUrl: receiver.url });
      // No job runner on the first instance: whatever it commits must be delivered by the next one.
      const first = await startAppServer({ ...env, JOB_RUNNER: "off" });
      servers.push(first);
      const payments = await Promise.all(
        Array.from({ length: 20 }, () =>
          signedRequest(first.baseUrl, "/api/provider/credit-card/payment", t.creds, {
            body: {
              credential_key: t.site.credential_key,
              username: "u",
              user_id: "u-2",
              firstname: "A",
              lastname: "B",
              email: "a@b.example",
              phone: "1",
              amount: 10,
            },
          }),
        ),
      );
      const orders = payments.map((p) => (p.json.data as Record<string, string>).order_id!);
      const notify = (orderId: string, newConnection = false) => {
        const body = JSON.stringify({ orderId, status: "approved" });
        return httpRequest({
          url: `${first.baseUrl}/api/webhooks/acquirer`,
          newConnection,
          body,
          headers: {
            "content-type": "application/json",
            [SANDBOX_SIGNATURE_HEADER]: signMessage("card-acquirer", body),
          },
        }).then(
          (r) => ({ status: r.status, error: null as string | null }),
          (e: Error) => ({ status: 0, error: e.message }),
        );
      };
      // Some notifications finish before the signal, some are in flight when it arrives, the rest come after.
      const before = await Promise.all(orders.slice(0, 4).map((o) => notify(o)));
      expect(before.every((o) => o.status === 200)).toBe(true);
      const during = orders
        .slice(4, -1)
        .map(
          (o, i) =>
            new Promise<{ status: number; error: string | null }>((resolve) =>
              setTimeout(() => resolve(notify(o)), i * 40),
            ),
        );
      setTimeout(() => process.kill(first.pid, "SIGTERM"), 100);
      const settled = await Promise.all(during);
      // After the signal a new connection is refused (what arrives on one already open is served, for a proxy that
      // may have sent on it: docs/deploy.md, "Several instances behind a proxy").
      await new Promise((r) => setTimeout(r, 300));
      const refused = await notify(orders.at(-1)!, true);
      expect(refused.status, refused.error ?? "").toBe(0);
      const outcomes = [...before, ...settled, refused];
      for (const o of outcomes) expect([200, 503, 0]).toContain(o.status);
      // Completed or refused before it started, nothing in between: a payment is committed exactly when its
      // client got the 200 (a 503 or a refused connection changed nothing).
      const committed = new Set(
        (
          await prisma.transaction.findMany({
            where: { siteId: t.site.id, status: "success" },
            select: { orderId: true },
          })
        ).map((r) => r.orderId),
      );
      orders.forEach((orderId, i) =>
        expect({ orderId, committed: committed.has(orderId) }).toEqual({
          orderId,
          committed: outcomes[i]!.status === 200,
        }),
      );
      expect(
        await prisma.transaction.count({ where: { siteId: t.site.id, status: { notIn: ["success", "pending"] } } }),
      ).toBe(0);
      await new Promise((r) => setTimeout(r, 500));

      expect(receiver.received).toHaveLength(0);
      const second = await startAppServer(env);
      servers.push(second);
      const codes = (
        await prisma.transaction.findMany({
          where: { siteId: t.site.id, status: "success" },
          select: { trackingCode: true },
        })
      ).map((r) => r.trackingCode);
      for (const code of codes) await receiver.forTrackingCode(code, 1, 30_000);
      expect(await prisma.callbackDelivery.count({ where: { transaction: { siteId: t.site.id } } })).toBe(codes.length);
    } finally {
      await receiver.close();
    }
  }, 120_000);
});
