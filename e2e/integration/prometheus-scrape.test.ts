import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_SIGNATURE_HEADER } from "@/lib/integrations/connectors/sandbox-card/wire";
import { signMessage } from "@/lib/integrations/gateways/shared-secret";
import { pressPayByCard } from "../support/card-journey";
import { createTenant } from "../support/fixtures";
import { freePort } from "../support/free-port";
import { httpRequest } from "../support/http";
import { ownDatabase } from "../support/own-database";
import { signedRequest } from "../support/signed-request";
import { startAppServer, type AppServer } from "../support/test-stack";

/**
 * A real Prometheus (Debian's `prometheus` package, which .ci/run installs) scrapes a production server
 * with two workers, as docs/deploy.md tells an operator to, with the service's alert rules loaded: the
 * series the alerts and the dashboard read exist, and every rule evaluates.
 */
const own = ownDatabase();
const TOKEN = randomBytes(24).toString("hex");
const RULES = path.resolve(import.meta.dirname, "../../deploy/prometheus/alerts.yml");
let server: AppServer;
let prometheus: ChildProcess | undefined;
let prometheusUrl = "";
let dir = "";
let prometheusOutput = "";

function startPrometheus(target: string, port: number): ChildProcess {
  const found = spawnSync("prometheus", ["--version"], { encoding: "utf8" });
  if (found.error)
    throw new Error(
      "Prometheus is not installed: `apt-get install prometheus` (Debian's package; .ci/run installs it)",
    );
  writeFileSync(path.join(dir, "token"), TOKEN);
  writeFileSync(
    path.join(dir, "prometheus.yml"),
    [
      "global: { scrape_interval: 1s, evaluation_interval: 1s }",
      `rule_files: [${JSON.stringify(RULES)}]`,
      "scrape_configs:",
      "  - job_name: payment-integration-service",
      "    metrics_path: /api/metrics",
      `    authorization: { credentials_file: ${JSON.stringify(path.join(dir, "token"))} }`,
      `    static_configs: [{ targets: [${JSON.stringify(target)}] }]`,
    ].join("\n"),
  );
  const child = spawn(
    "prometheus",
    [
      `--config.file=${path.join(dir, "prometheus.yml")}`,
      `--storage.tsdb.path=${path.join(dir, "data")}`,
      `--web.listen-address=127.0.0.1:${port}`,
      "--log.level=warn",
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  child.stdout!.on("data", (chunk: Buffer) => (prometheusOutput += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (prometheusOutput += chunk.toString()));
  // Stopped (and its directory removed) if this test process dies without cleaning up.
  spawn(process.execPath, ["scripts/watchdog.mjs", String(process.pid), String(child.pid), dir], {
    stdio: "ignore",
    detached: true,
  }).unref();
  return child;
}

type Sample = { metric: Record<string, string>; value: [number, string] };

async function query(promql: string): Promise<Sample[]> {
  const res = await fetch(`${prometheusUrl}/api/v1/query?query=${encodeURIComponent(promql)}`);
  const body = (await res.json()) as { status: string; data: { result: Sample[] }; error?: string };
  expect(body.status, `${promql}: ${body.error}`).toBe("success");
  return body.data.result;
}

/** Waits (scrapes come every second) until `promql` has one series whose value passes `check`. */
async function eventually(promql: string, check: (value: number) => boolean): Promise<void> {
  const deadline = Date.now() + 15_000;
  let last: Sample[] = [];
  while (Date.now() < deadline) {
    last = await query(promql);
    if (last.length === 1 && check(Number(last[0]!.value[1]))) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  expect.fail(`${promql}: ${JSON.stringify(last)}`);
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "pis-prometheus-"));
  server = await startAppServer(
    { ...own.env, METRICS_TOKEN: TOKEN, WEB_CONCURRENCY: "2", JOB_POLL_INTERVAL_MS: "200" },
    [],
  );
  const port = await freePort();
  prometheusUrl = `http://127.0.0.1:${port}`;
  prometheus = startPrometheus(new URL(server.baseUrl).host, port);
  const deadline = Date.now() + 60_000;
  while (
    (await fetch(`${prometheusUrl}/-/ready`).then(
      (r) => r.status,
      () => 0,
    )) !== 200
  ) {
    if (Date.now() > deadline || prometheus.exitCode !== null)
      throw new Error(`Prometheus did not become ready:\n${prometheusOutput}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }

  // Traffic that the business metrics count: a card payment opened at the sandbox acquirer (a partner call),
  // a forged notification about it (refused by the connector), then the acquirer's own (the payment
  // succeeds), and a request with a wrong X-Hash (a signature failure).
  const t = await createTenant();
  const card = {
    credential_key: t.site.credential_key,
    username: "ayse.k",
    user_id: "u-1",
    firstname: "Ayşe",
    lastname: "Kaya",
    email: "ayse@example.com",
    phone: "+905551112233",
    amount: 150,
  };
  const payment = await signedRequest(server.baseUrl, "/api/provider/credit-card/payment", t.creds, { body: card });
  expect(payment.status).toBe(200);
  const { payment_url: paymentUrl, order_id: orderId } = payment.json.data as { payment_url: string; order_id: string };
  await pressPayByCard(paymentUrl);
  const notification = JSON.stringify({ orderId, status: "approved" });
  const notify = (signature: string) =>
    httpRequest({
      url: `${server.baseUrl}/api/webhooks/acquirer`,
      body: notification,
      headers: { "content-type": "application/json", [SANDBOX_SIGNATURE_HEADER]: signature },
    });
  expect((await notify("0".repeat(64))).status).not.toBe(200);
  expect((await notify(signMessage("card-acquirer", notification))).status).toBe(200);
  const forged = await signedRequest(server.baseUrl, "/api/provider/welcome", t.creds, {
    hash: "0".repeat(64),
    checkResponse: false,
  });
  expect(forged.status).toBe(401);
  await httpRequest({ url: `${server.baseUrl}/api/health`, method: "GET" });
}, 180_000);

afterAll(async () => {
  prometheus?.kill("SIGKILL");
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("a real Prometheus scraping a production server", { timeout: 120_000 }, () => {
  it("scrapes it with the token, and the series the alerts and the dashboard read exist", async () => {
    await expect
      .poll(async () => (await query('up{job="payment-integration-service"}'))[0]?.value[1], {
        timeout: 30_000,
        interval: 500,
      })
      .toBe("1");
    const expected: [promql: string, check: (value: number) => boolean][] = [
      ['http_requests_total{route="/api/health", method="GET", status="200"}', (v) => v >= 1],
      [
        'payment_transactions_created_total{method="CREDIT_CARD", direction="PAYMENT", status="pending"}',
        (v) => v === 1,
      ],
      [
        'partner_call_duration_seconds_count{connector="sandbox-card", kind="card", operation="startCheckout", outcome="ok"}',
        (v) => v === 1,
      ],
      [
        'partner_message_rejections_total{connector="sandbox-card", kind="card", message="notification"}',
        (v) => v === 1,
      ],
      [
        'payment_transaction_transitions_total{method="CREDIT_CARD", direction="PAYMENT", status="success"}',
        (v) => v === 1,
      ],
      ['signature_failures_total{source="provider_api", reason="invalid_hash"}', (v) => v === 1],
      ["callback_backlog", (v) => v >= 0],
      ['callback_backlog_deliveries{kind="PROVIDER_DEPOSIT", age="over_2h"}', (v) => v === 0],
      ["callback_oldest_due_age_seconds", (v) => v >= 0],
      ["callback_exhausted_deliveries", (v) => v === 0],
      ["app_ready", (v) => v === 1],
      ["job_runner_lag_seconds", (v) => v >= 0 && v < 60],
      ["db_pool_max_connections", (v) => v >= 4],
      ["db_pool_connections_in_use", (v) => v >= 0],
      ["nodejs_heap_size_used_bytes", (v) => v > 0],
    ];
    for (const [promql, check] of expected) await eventually(promql, check);
  });

  it("loads every alert rule of deploy/prometheus/alerts.yml and evaluates each without error", async () => {
    const count = readFileSync(RULES, "utf8").match(/^\s*-\s*alert:/gm)!.length;
    type Rule = { name: string; health: string; lastError?: string; lastEvaluation: string };
    const rules = async () => {
      const body = (await (await fetch(`${prometheusUrl}/api/v1/rules`)).json()) as {
        data: { groups: { rules: Rule[] }[] };
      };
      return body.data.groups.flatMap((g) => g.rules);
    };
    await expect
      .poll(async () => (await rules()).filter((r) => r.health === "ok").length, { timeout: 30_000, interval: 500 })
      .toBe(count);
    expect(
      (await rules()).filter((r) => r.health !== "ok" || r.lastError),
      prometheusOutput,
    ).toEqual([]);
    // The instance is up and ready: neither alert that says otherwise is pending or firing.
    expect(await query('ALERTS{alertname=~"PaymentServiceDown|PaymentServiceNotReady|JobRunnerLagging"}')).toEqual([]);
  });
});
