/**
 * `npm run bench`: builds, starts the production server on a fresh embedded database, drives it from a
 * separate process (autocannon) at concurrency 1, 16 and 64, measures plain INSERTs on the same database
 * as the baseline, runs the callback delivery bench, prints a table and writes bench/results/*.json.
 */
import { execFile, execFileSync, spawnSync } from "node:child_process";
import { promisify } from "node:util";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { addBankAccount } from "../lib/domain/bank-accounts/add-bank-account";
import { disconnectPrisma } from "../lib/base/db/prisma";
import { saveGateway } from "../lib/domain/third-party/save-gateway";
import { ibanFromBban } from "../lib/base/iban/iban";
import { addFundedWallet, createTenant } from "../e2e/support/fixtures";
import { signedRequest } from "../e2e/support/signed-request";
import { startTestDatabase } from "../e2e/support/test-database";
import { startAppServer, testServerEnv } from "../e2e/support/test-stack";

type Result = { requestsPerSecond: number; total: number; p50: number; p99: number; errors: number; non2xx: number; status5xx: number };

const CONCURRENCY = (process.env.BENCH_CONCURRENCY || "1,16,64").split(",").map(Number);
const DURATION_S = Number(process.env.BENCH_DURATION_S || 10);
// Several app processes on one database (how the service scales out), the load split evenly across them.
const INSTANCES = Math.max(1, Number(process.env.BENCH_INSTANCES || 1));
const tsx = path.join("node_modules", ".bin", "tsx");

if (!process.env.BENCH_SKIP_BUILD) {
  console.log("building…");
  const build = spawnSync("npx", ["next", "build"], { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const database = await startTestDatabase();
process.env.DATABASE_URL = database.url;
const env = testServerEnv(database);
Object.assign(process.env, { APP_ENCRYPTION_KEY: env.APP_ENCRYPTION_KEY });
const serverEnv = { ...env, RATE_LIMIT_PER_MINUTE: "100000000", SANDBOX_BANK_SETTLE_MS: "0" };
const servers = [await startAppServer(serverEnv)];
for (let i = 1; i < INSTANCES; i++) servers.push(await startAppServer(serverEnv));
const server = servers[0]!;
process.env.PUBLIC_BASE_URL = server.baseUrl;

try {
  const tenant = await createTenant({ callbackUrl: `${server.baseUrl}/api/health` });
  await addBankAccount({ dealerId: tenant.dealer.id, bankName: "Bench Bank", accountName: "Bench", iban: ibanFromBban("TR", "0001000000000000000001"), minAmount: "1", maxAmount: "1000000" }, { label: "bench" });
  await addFundedWallet({ dealerId: tenant.dealer.id, iban: ibanFromBban("TR", "0082900000000000000002"), bankName: "Sandbox E-Bank", accountName: "Bench", balance: "1000000.00" });
  const gateway = (method: "BANK" | "CRYPTO" | "WALLET", extra: object) =>
    saveGateway(undefined, { method, name: `Bench ${method}`, code: `bench-${method.toLowerCase()}`, minAmount: "1", maxAmount: "1000000", description: "bench", isActive: true, requiredFields: [], supportedCryptoTypes: [], ...extra }, { label: "bench" });
  const gateways = {
    bank: (await gateway("BANK", { requiredFields: ["iban"] })).id,
    crypto: (await gateway("CRYPTO", { requiredFields: ["crypto_type", "wallet_address"], supportedCryptoTypes: ["USDT-TRC20"] })).id,
    wallet: (await gateway("WALLET", { requiredFields: ["wallet_number"] })).id,
  };
  const card = await signedRequest(server.baseUrl, "/api/provider/credit-card/payment", tenant.creds, {
    body: { credential_key: tenant.site.credential_key, username: "b", user_id: "b", firstname: "B", lastname: "B", email: "b@example.com", phone: "1", amount: 10 },
  });
  const base = { baseUrl: server.baseUrl, provider: tenant.creds, credentialKey: tenant.site.credential_key, gateways, cardTrackingCode: (card.json.data as { tracking_code: string }).tracking_code, durationS: DURATION_S };

  const runLoad = async (baseUrl: string, mode: "mix" | "creates" | "floor", connections: number): Promise<Result> => {
    const file = path.join(tmpdir(), `bench-${process.pid}-${mode}-${connections}-${baseUrl.split(":").at(-1)}.json`);
    writeFileSync(file, JSON.stringify({ ...base, baseUrl, mode, connections }));
    const { stdout } = await promisify(execFile)(tsx, ["scripts/bench/load.ts", file], { encoding: "utf8", maxBuffer: 16 * 1024 * 1024 });
    return JSON.parse(stdout) as Result;
  };
  /** One load process per app process, the connections split between them; latencies are the worst of them. */
  const load = async (mode: "mix" | "creates" | "floor", connections: number): Promise<Result> => {
    const targets = servers.slice(0, Math.min(servers.length, connections));
    const results = await Promise.all(targets.map((s, i) => runLoad(s.baseUrl, mode, Math.floor(connections / targets.length) + (i < connections % targets.length ? 1 : 0))));
    const sum = (key: keyof Result) => results.reduce((total, r) => total + r[key], 0);
    const worst = (key: keyof Result) => Math.max(...results.map((r) => r[key]));
    return { requestsPerSecond: sum("requestsPerSecond"), total: sum("total"), p50: worst("p50"), p99: worst("p99"), errors: sum("errors"), non2xx: sum("non2xx"), status5xx: sum("status5xx") };
  };
  const inserts = (connections: number): Result => JSON.parse(execFileSync(tsx, ["scripts/bench/inserts.ts", database.url, String(connections), String(DURATION_S)], { encoding: "utf8" })) as Result;

  const rows: { name: string; concurrency: number; result: Result }[] = [];
  const ratios: Record<number, number> = {};
  for (const c of CONCURRENCY) {
    console.log(`concurrency ${c}…`);
    const mix = await load("mix", c);
    const creates = await load("creates", c);
    const floor = await load("floor", c);
    const raw = inserts(c);
    rows.push(
      { name: "api mix (70% creates)", concurrency: c, result: mix },
      { name: "api creates", concurrency: c, result: creates },
      { name: "http floor (/api/health)", concurrency: c, result: floor },
      { name: "raw inserts", concurrency: c, result: raw },
    );
    ratios[c] = creates.requestsPerSecond / raw.requestsPerSecond;
  }

  console.log("callback delivery…");
  spawnSync(tsx, ["scripts/bench-callbacks.ts"], { stdio: ["ignore", "inherit", "inherit"], env: { ...process.env, LOG_LEVEL: "warn" } });
  const latestCallbacks = readdirSync("bench/results").filter((f) => f.startsWith("callbacks-")).sort().at(-1);
  const callbacks = latestCallbacks ? (JSON.parse(readFileSync(`bench/results/${latestCallbacks}`, "utf8")) as { deliveries_per_second: number }) : null;

  const pad = (s: string | number, n: number) => String(s).padStart(n);
  console.log(`\napp processes: ${INSTANCES}`);
  console.log(`${"run".padEnd(26)}${pad("conc", 6)}${pad("req/s", 10)}${pad("p50 ms", 9)}${pad("p99 ms", 9)}${pad("errors", 8)}${pad("5xx", 6)}`);
  for (const { name, concurrency, result } of rows) {
    console.log(`${name.padEnd(26)}${pad(concurrency, 6)}${pad(result.requestsPerSecond.toFixed(1), 10)}${pad(result.p50, 9)}${pad(result.p99, 9)}${pad(result.errors + result.non2xx, 8)}${pad(result.status5xx, 6)}`);
  }
  for (const c of CONCURRENCY) console.log(`ratio api creates/s ÷ raw inserts/s at concurrency ${c}: ${ratios[c]!.toFixed(3)}`);
  if (callbacks) console.log(`callback delivery: ${callbacks.deliveries_per_second} deliveries/s`);

  mkdirSync("bench/results", { recursive: true });
  const file = `bench/results/bench-${Date.now()}.json`;
  writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), durationS: DURATION_S, instances: INSTANCES, rows, ratios, callbacks }, null, 2));
  console.log(`\nwritten to ${file}`);
} finally {
  await disconnectPrisma();
  for (const s of servers) await s.stop();
  await database.stop();
}
