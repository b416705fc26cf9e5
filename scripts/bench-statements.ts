/**
 * `npm run bench:statements`: what named prepared statements save over unnamed ones, the statements alone.
 *
 * The hot statements of a create (the provider and site lookup, the rate limit's upsert, the create itself)
 * and the runner's claim, run in this process through the app's own code on one connection, one after the
 * other: as named prepared statements on a direct connection (the default), as unnamed ones on the same kind
 * of connection (DATABASE_POOLER=transaction), and unnamed through Debian's PgBouncer in transaction mode
 * (one server connection). Blocks of BLOCK_ROUNDS rounds alternate between the three, BLOCKS times, so a
 * machine that gets busier weighs on each alike. Per round: the wall time (the round trips included) and
 * the CPU of the PostgreSQL backend that ran it (and PgBouncer's), read from /proc. Writes
 * bench/results/statements-<time>.json.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { treeCpu } from "./bench/process-cpu";
import { startTestDatabase } from "../e2e/support/test-database";
import { testServerEnv } from "../e2e/support/test-stack";
import { depositTenant } from "../e2e/support/fault-load";
import { pgbouncerBinary, PGBOUNCER_MISSING, startPgBouncer, type PgBouncer } from "../e2e/support/pgbouncer";
import { createPrismaClient, disconnectPrisma, poolQuery } from "../lib/base/db/prisma";
import { findProviderContext } from "../lib/domain/providers/find-provider-context";
import { startProviderDeposit } from "../lib/domain/manual-bank/start-provider-deposit";
import { hitRateLimit } from "../lib/domain/ops/rate-limit";
import { claimDueDeliveries } from "../lib/domain/callbacks/claim-deliveries";
import type { PrismaClient } from "../lib/generated/prisma/client";

const BLOCKS = Number(process.env.BENCH_BLOCKS || 12);
const BLOCK_ROUNDS = Number(process.env.BENCH_BLOCK_ROUNDS || 100);

type Mode = "named, direct" | "unnamed, direct" | "unnamed, PgBouncer";
type Block = { mode: Mode; rounds: number; wallMs: number; backendCpuMs: number; poolerCpuMs: number | null };

const database = await startTestDatabase();
const env = testServerEnv(database);
Object.assign(process.env, env, { RATE_LIMIT_PER_MINUTE: "1000000000" });
let bouncer: PgBouncer | null = null;
const clients: PrismaClient[] = [];
try {
  const tenant = await depositTenant();
  // The fixtures' client is not measured: closed, so each mode below is the process's client in turn.
  await disconnectPrisma();
  bouncer = pgbouncerBinary() ? await startPgBouncer(database.url, { poolMode: "transaction", poolSize: 1 }) : null;
  if (!bouncer) console.log(`PgBouncer not measured: ${PGBOUNCER_MISSING}`);

  /** A client of one connection, made as the app makes it under the given DATABASE_POOLER. */
  const clientFor = (url: string, pooler: string) => {
    process.env.DATABASE_POOLER = pooler;
    const client = createPrismaClient(url, { max: 1 });
    delete process.env.DATABASE_POOLER;
    clients.push(client);
    return client;
  };
  const modes: [Mode, PrismaClient][] = [
    ["named, direct", clientFor(database.url, "none")],
    ["unnamed, direct", clientFor(database.url, "transaction")],
    ...(bouncer ? [["unnamed, PgBouncer", clientFor(bouncer.url, "transaction")] as [Mode, PrismaClient]] : []),
  ];
  const holder = globalThis as unknown as { prisma?: PrismaClient };
  const makeCurrent = (client: PrismaClient) => (holder.prisma = client);

  // What a create request runs on the pool, then the runner's claim.
  const round = async (client: PrismaClient, i: number) => {
    const context = await findProviderContext(tenant.creds.apiKey, tenant.site.credential_key);
    if (!context?.site) throw new Error("the bench tenant was not found");
    await hitRateLimit(`bench-statements:${tenant.provider.id}`, 1_000_000_000, 60_000);
    await startProviderDeposit("MANUAL_BANK", context.provider, context.site as never, {
      fullname: "Bench Customer",
      username: "bench",
      user_id: `u-${i % 50}`,
      amount: "150",
    });
    await claimDueDeliveries(client, { now: new Date(), runnerId: "bench-statements", limit: 20 });
  };
  const backendOf = async (client: PrismaClient) => {
    makeCurrent(client);
    return (await poolQuery<{ pid: number }>({ text: "SELECT pg_backend_pid() AS pid", values: [] }))[0]!.pid;
  };

  // Warm every connection: the named statements prepared, the caches full.
  for (const [, client] of modes) {
    makeCurrent(client);
    for (let i = 0; i < 20; i++) await round(client, i);
  }
  const blocks: Block[] = [];
  for (let b = 0; b < BLOCKS; b++) {
    for (const [mode, client] of modes) {
      // Through PgBouncer the one server connection is the same each time (pool size 1).
      const backend = await backendOf(client);
      makeCurrent(client);
      const cpu0 = treeCpu(backend).cpuMs;
      const pooler0 = bouncer && mode.includes("PgBouncer") ? treeCpu(bouncer.pid).cpuMs : null;
      const t0 = performance.now();
      for (let i = 0; i < BLOCK_ROUNDS; i++) await round(client, i);
      const wallMs = performance.now() - t0;
      blocks.push({
        mode,
        rounds: BLOCK_ROUNDS,
        wallMs,
        backendCpuMs: treeCpu(backend).cpuMs - cpu0,
        poolerCpuMs: pooler0 === null ? null : treeCpu(bouncer!.pid).cpuMs - pooler0,
      });
    }
    process.stdout.write(`block ${b + 1} of ${BLOCKS}\r`);
  }

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  console.log(
    `\nthe hot statements of one create and the runner's claim, ${BLOCKS} alternating blocks of ${BLOCK_ROUNDS} rounds, one connection each`,
  );
  console.log(
    `${"statements".padEnd(22)}${"wall ms/round".padStart(15)}${"PostgreSQL CPU ms/round".padStart(25)}${"PgBouncer CPU ms/round".padStart(24)}`,
  );
  const summary: Record<string, { wallMs: number; backendCpuMs: number; poolerCpuMs: number | null }> = {};
  for (const [mode] of modes) {
    const mine = blocks.filter((b) => b.mode === mode);
    const wallMs = median(mine.map((b) => b.wallMs / b.rounds));
    const backendCpuMs = median(mine.map((b) => b.backendCpuMs / b.rounds));
    const poolerCpuMs = mine[0]!.poolerCpuMs === null ? null : median(mine.map((b) => b.poolerCpuMs! / b.rounds));
    summary[mode] = { wallMs, backendCpuMs, poolerCpuMs };
    console.log(
      `${mode.padEnd(22)}${wallMs.toFixed(3).padStart(15)}${backendCpuMs.toFixed(3).padStart(25)}${(poolerCpuMs === null ? "-" : poolerCpuMs.toFixed(3)).padStart(24)}`,
    );
  }
  const [named, unnamed] = [summary["named, direct"]!, summary["unnamed, direct"]!];
  console.log(
    `unnamed / named on the direct connection: wall ${(unnamed.wallMs / named.wallMs).toFixed(2)}, PostgreSQL CPU ${(unnamed.backendCpuMs / named.backendCpuMs).toFixed(2)}`,
  );
  mkdirSync("bench/results", { recursive: true });
  const file = `bench/results/statements-${Date.now()}.json`;
  writeFileSync(
    file,
    JSON.stringify(
      { at: new Date().toISOString(), blocks: BLOCKS, blockRounds: BLOCK_ROUNDS, summary, raw: blocks },
      null,
      2,
    ),
  );
  console.log(`written to ${file}`);
} finally {
  await Promise.all(clients.map((c) => c.$disconnect().catch(() => {})));
  await disconnectPrisma();
  await bouncer?.stop();
  await database.stop();
}
