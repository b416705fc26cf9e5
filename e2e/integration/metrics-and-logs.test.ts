import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/base/db/prisma";
import { createTenant } from "../support/fixtures";
import { ownDatabase } from "../support/own-database";
import { signedRequest } from "../support/signed-request";
import { startAppServer, type AppServer } from "../support/test-stack";

const own = ownDatabase();
const TOKEN = randomBytes(24).toString("hex");
let server: AppServer;

beforeAll(async () => {
  server = await startAppServer({ ...own.env, METRICS_TOKEN: TOKEN, JOB_RUNNER: "off" }, []);
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const scrape = (headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) =>
  fetch(`${server.baseUrl}/api/metrics`, { headers });

/** `name{labels} value` lines of a Prometheus text exposition, the labels as written. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) return Number(line.split(" ").at(-1));
  }
  return undefined;
}

describe("/api/metrics (Prometheus text format)", { timeout: 180_000 }, () => {
  it("refuses a scrape without the token, or with another one", async () => {
    const missing = await scrape({});
    expect(missing.status).toBe(401);
    expect(await missing.text()).not.toContain("http_requests_total");
    expect((await scrape({ authorization: "Bearer wrong-token" })).status).toBe(401);
  });

  it("shows request histograms by route pattern and the callback backlog, scraped during load", async () => {
    for (const [i, nextAttemptAt] of [new Date(Date.now() - 120_000), new Date(Date.now() + 3600_000)].entries()) {
      await prisma.callbackDelivery.create({
        data: {
          kind: "TEST",
          url: "https://cb.example",
          trackingCode: `MET-${i}`,
          status: "APPROVED",
          payload: {},
          nextAttemptAt,
        },
      });
    }
    await prisma.callbackDelivery.create({
      data: {
        kind: "TEST",
        url: "https://cb.example",
        trackingCode: "MET-X",
        status: "APPROVED",
        payload: {},
        state: "EXHAUSTED",
      },
    });

    const token = `tok${randomBytes(8).toString("hex")}`;
    const load = Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        fetch(`${server.baseUrl}${i % 2 ? "/api/health" : `/pay/${token}${i}`}`).then((r) => r.arrayBuffer()),
      ),
    );
    const during = await scrape();
    expect(during.status).toBe(200);
    expect(during.headers.get("content-type")).toContain("text/plain");
    await load;
    const text = await (await scrape()).text();

    expect(
      sample(text, "http_requests_total", { route: "/api/health", method: "GET", status: "200" }),
    ).toBeGreaterThanOrEqual(20);
    expect(
      sample(text, "http_request_duration_seconds_count", { route: "/api/health", method: "GET", status: "200" }),
    ).toBeGreaterThanOrEqual(20);
    expect(
      sample(text, "http_request_duration_seconds_bucket", { route: "/api/health", le: "+Inf" }),
    ).toBeGreaterThanOrEqual(20);
    // The route pattern, never the raw path with its token.
    expect(
      sample(text, "http_request_duration_seconds_count", { route: "/pay/[token]", method: "GET" }),
    ).toBeGreaterThanOrEqual(20);
    expect(text).not.toContain(token);

    expect(sample(text, "callback_backlog")).toBe(2);
    expect(sample(text, "callback_exhausted_deliveries")).toBe(1);
    expect(sample(text, "callback_oldest_due_age_seconds")).toBeGreaterThanOrEqual(119);
    expect(sample(text, "job_runner_lag_seconds")).toBe(-1);
    expect(sample(text, "db_pool_connections_in_use")).toBeGreaterThanOrEqual(0);
    expect(sample(text, "db_pool_waiting_requests")).toBe(0);
  });

  it("reports the process's memory under the standard Node.js names, each metric once however often scraped", async () => {
    await scrape();
    const text = await (await scrape()).text();
    expect(sample(text, "nodejs_heap_size_used_bytes")).toBeGreaterThan(10 * 1024 * 1024);
    expect(sample(text, "nodejs_heap_size_total_bytes")).toBeGreaterThan(10 * 1024 * 1024);
    expect(sample(text, "process_resident_memory_bytes")).toBeGreaterThan(10 * 1024 * 1024);
    expect(sample(text, "nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
    for (const name of ["nodejs_heap_size_used_bytes", "process_resident_memory_bytes", "http_requests_total"]) {
      expect(text.match(new RegExp(`^# TYPE ${name} `, "gm")), name).toHaveLength(1);
    }
  });
});

describe("logs", { timeout: 60_000 }, () => {
  it("logs an unexpected error through pino, one JSON line carrying its request id", async () => {
    // A provider whose stored secret cannot be opened: verifying its request fails unexpectedly (500).
    const apiKey = `pk_${randomBytes(8).toString("hex")}`;
    await prisma.provider.create({
      data: {
        name: "Broken",
        apiKey,
        secretKeyEnc: "v1.broken",
        verificationKeyEnc: "v1.broken",
        ipWhitelist: ["127.0.0.1"],
      },
    });
    const requestId = `req-${randomBytes(6).toString("hex")}`;
    const response = await signedRequest(
      server.baseUrl,
      "/api/provider/welcome",
      { apiKey, secretKey: "sk" },
      { headers: { "x-request-id": requestId }, checkResponse: false },
    );
    expect(response.status).toBe(500);
    expect(response.json.request_id).toBe(requestId);

    await expect.poll(() => server.output().includes("unhandled error"), { timeout: 10_000 }).toBe(true);
    const lines = server
      .output()
      .split("\n")
      .filter((l) => l.includes("unhandled error"));
    const entry = JSON.parse(lines[0]!) as Record<string, unknown>;
    // pino's line: level label, ISO time, the service, the request id, the error with its stack.
    expect(entry).toMatchObject({
      level: "error",
      msg: "unhandled error",
      service: "payment-integration-service",
      request_id: requestId,
      path: "/api/provider/welcome",
    });
    expect(typeof entry.time).toBe("string");
    expect((entry.err as { stack?: string }).stack).toContain("Unrecognised secret format");
  });

  it("never writes a payment token: card returns, acquirer webhooks and payment pages are logged with :token, their failures too", async () => {
    const t = await createTenant();
    const created = await signedRequest(server.baseUrl, "/api/provider/credit-card/payment", t.creds, {
      body: {
        credential_key: t.site.credential_key,
        username: "ayse.k",
        user_id: "u-1",
        firstname: "Ayşe",
        lastname: "Kaya",
        email: "ayse@example.com",
        phone: "+905551112233",
        amount: 25,
      },
    });
    expect(created.status).toBe(200);
    const token = String((created.json.data as { payment_url: string }).payment_url.split("/pay/")[1]);
    expect(token.length).toBeGreaterThan(16);
    const form = {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "Response=Approved",
      redirect: "manual",
    } as const;
    await fetch(`${server.baseUrl}/pay/${token}?lang=en`).then((r) => r.arrayBuffer());
    await fetch(`${server.baseUrl}/api/pay/${token}/card-step`, { redirect: "manual" }).then((r) => r.arrayBuffer());
    await fetch(`${server.baseUrl}/api/returns/card/${token}?lang=en`, form).then((r) => r.arrayBuffer());
    await fetch(`${server.baseUrl}/api/webhooks/acquirer/${token}`, form).then((r) => r.arrayBuffer());
    // A return whose acquirer configuration cannot be opened fails unexpectedly: its error line, too, is masked.
    await prisma.dealerAcquirer.update({
      where: { dealerId: t.dealer.id },
      data: { config: { connector: "sandbox-card", values: { merchantId: "M" }, sealed: { storeKey: "v1.broken" } } },
    });
    const failed = await fetch(`${server.baseUrl}/api/returns/card/${token}`, form);
    expect(failed.status).toBe(500);

    const routes = () =>
      server
        .output()
        .split("\n")
        .filter((l) => l.includes('"msg":"request"'))
        .map((l) => (JSON.parse(l) as { route: string }).route);
    await expect
      .poll(() => routes().filter((r) => r === "/api/returns/card/:token").length, { timeout: 10_000 })
      .toBe(2);
    expect(routes()).toEqual(
      expect.arrayContaining(["/pay/:token", "/api/pay/:token/card-step", "/api/webhooks/acquirer/:token"]),
    );
    await expect
      .poll(() => server.output().includes('"path":"/api/returns/card/:token"'), { timeout: 10_000 })
      .toBe(true);
    expect(server.output()).not.toContain(token);
  });
});
