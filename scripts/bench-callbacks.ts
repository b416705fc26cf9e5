/**
 * `npm run bench:callbacks`: 5,000 due callbacks delivered by the job runner's code path to a local
 * receiver (a separate process answering 200), on a throwaway database. Prints deliveries per second, and
 * what each delivery costs the database: statements sent (counted at the driver, BEGIN and COMMIT
 * included), their summed time, and WAL written (pg_current_wal_lsn before and after).
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildCallbackPayload } from "../lib/domain/callbacks/callback-payload";
import { createPrismaClient } from "../lib/base/db/prisma";
import { bootConfig } from "../lib/base/config/env";
import type { Prisma } from "../lib/generated/prisma/client";
import { deliverDueCallbacks } from "../lib/domain/jobs/deliver-due-callbacks";
import { startTestDatabase } from "../e2e/support/test-database";
import { countStatements } from "./bench/statement-count";
import { treeCpu } from "./bench/process-cpu";
import { profileWindow } from "./bench/profile-window";
import { timeHttpRequests } from "./bench/post-timing";

const COUNT = Number(process.env.BENCH_CALLBACKS || 5000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 32);

process.env.APP_ENCRYPTION_KEY ||= randomBytes(32).toString("base64");
process.env.CALLBACK_ALLOW_PRIVATE_NETWORKS = "true";

async function startReceiver(): Promise<{ url: string; pid: number; stop: () => void }> {
  const code = `require("http").createServer((q,s)=>{q.resume();q.on("end",()=>s.end("OK"))}).listen(0,"127.0.0.1",function(){console.log(this.address().port)});setInterval(()=>{try{process.kill(${process.pid},0)}catch{process.exit(0)}},1000)`;
  const child = spawn(process.execPath, ["-e", code], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<string>((resolve) =>
    child.stdout.once("data", (d: Buffer) => resolve(d.toString().trim())),
  );
  return { url: `http://127.0.0.1:${port}/callbacks`, pid: child.pid!, stop: () => child.kill() };
}

const database = await startTestDatabase();
const receiver = await startReceiver();
const db = createPrismaClient(database.url);
try {
  const { createProvider } = await import("../lib/domain/providers/create-provider");
  const { createDealer } = await import("../lib/domain/dealers/create-dealer");
  process.env.DATABASE_URL = database.url;
  // The runner runs inside a server, whose configuration is read once at start-up: so it is here.
  bootConfig();
  const provider = await createProvider(
    { name: "Bench", ips: ["127.0.0.1"], depositCallbackUrl: receiver.url },
    { label: "bench" },
  );
  const dealer = await createDealer({ name: "Bench dealer", methods: ["manual_iban"] }, { label: "bench" });
  const site = await db.site.create({
    data: {
      providerId: provider.id,
      dealerId: dealer.id,
      name: "Bench",
      credentialKey: `ck_${randomBytes(12).toString("hex")}`,
    },
  });
  const now = Math.floor(Date.now() / 1000);
  await db.transaction.createMany({
    data: Array.from({ length: COUNT }, (_, i) => ({
      trackingCode: `MAN-BENCH${String(i).padStart(5, "0")}-${now}`,
      method: "MANUAL_BANK" as const,
      direction: "DEPOSIT" as const,
      origin: "PROVIDER" as const,
      status: "completed" as const,
      providerId: provider.id,
      siteId: site.id,
      dealerId: dealer.id,
      userId: `u${i}`,
      username: `user${i}`,
      fullname: "Bench Customer",
      amount: "100.00",
    })),
  });
  const transactions = await db.transaction.findMany({ where: { siteId: site.id } });
  await db.callbackDelivery.createMany({
    data: transactions.map((t) => ({
      kind: "PROVIDER_DEPOSIT" as const,
      transactionId: t.id,
      providerId: provider.id,
      url: receiver.url,
      trackingCode: t.trackingCode,
      status: t.status,
      payload: buildCallbackPayload("PROVIDER_DEPOSIT", t) as Prisma.InputJsonValue,
    })),
  });

  const walAt = async () => (await db.$queryRaw<{ lsn: string }[]>`SELECT pg_current_wal_lsn()::text AS lsn`)[0]!.lsn;
  const walBefore = await walAt();
  // CPU of the three parties: this process (the runner's code), the receiver, and PostgreSQL's processes.
  const postmaster = Number(readFileSync(path.join(database.dir, "pg", "postmaster.pid"), "utf8").split("\n")[0]);
  const cpuOf = () => ({
    runner: process.cpuUsage(),
    receiver: treeCpu(receiver.pid).cpuMs,
    postgres: treeCpu(postmaster).cpuMs,
  });
  const cpuBefore = cpuOf();
  const statements = countStatements();
  const posts = timeHttpRequests();
  // BENCH_CALLBACK_PROFILE=<file.cpuprofile>: this process's CPU profile of the deliveries alone (not the setup).
  const profile = await profileWindow(process.env.BENCH_CALLBACK_PROFILE);
  const started = performance.now();
  let delivered = 0;
  let failed = 0;
  for (;;) {
    const batch = await deliverDueCallbacks(db, {
      now: new Date(),
      runnerId: "bench",
      concurrency: CONCURRENCY,
    });
    if (batch.claimed === 0) break;
    delivered += batch.outcomes.filter((o) => o.state === "DELIVERED").length;
    failed += batch.outcomes.filter((o) => o.state !== "DELIVERED").length;
  }
  const seconds = (performance.now() - started) / 1000;
  await profile.stop();
  const cpuAfter = cpuOf();
  const runnerCpu = process.cpuUsage(cpuBefore.runner);
  const cpuMs = {
    runner: (runnerCpu.user + runnerCpu.system) / 1000,
    receiver: cpuAfter.receiver - cpuBefore.receiver,
    postgres: cpuAfter.postgres - cpuBefore.postgres,
  };
  const sent = statements.stop();
  const posted = posts.stop();
  const [wal] = await db.$queryRaw<
    { bytes: string }[]
  >`SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), ${walBefore}::pg_lsn)::text AS bytes`;
  const perSecond = delivered / seconds;
  const each = (n: number, digits = 2) => Number((n / Math.max(1, delivered)).toFixed(digits));
  // A sender's cycle (senders x wall time / deliveries) and its POST's round trip, unrounded for their ratio.
  const cycleMs = (CONCURRENCY * seconds * 1000) / Math.max(1, delivered);
  const postMs = posted.ms / Math.max(1, posted.count);
  const result = {
    benchmark: "callbacks",
    at: new Date().toISOString(),
    count: COUNT,
    concurrency: CONCURRENCY,
    delivered,
    failed,
    seconds: Number(seconds.toFixed(2)),
    deliveries_per_second: Number(perSecond.toFixed(1)),
    statements_per_delivery: each(sent.count),
    statement_ms_per_delivery: each(sent.ms, 3),
    wal_bytes_per_delivery: each(Number(wal!.bytes), 0),
    statements_by_kind: sent.byKind,
    // Where a sender's time goes: its cycle (senders x wall time / deliveries), of which the POST's round trip; the
    // rest is waiting for a started attempt (when none was started ahead) and for the runner's event loop.
    sender_ms_per_delivery: {
      cycle: Number(cycleMs.toFixed(2)),
      post: Number(postMs.toFixed(2)),
      post_share: Number((postMs / cycleMs).toFixed(3)),
      statement: Number((sent.ms / Math.max(1, sent.count)).toFixed(2)),
      deliveries_per_statement: Number((delivered / Math.max(1, sent.byKind.WITH ?? sent.count)).toFixed(1)),
    },
    cpu_ms_per_delivery: {
      runner: each(cpuMs.runner, 3),
      receiver: each(cpuMs.receiver, 3),
      postgres: each(cpuMs.postgres, 3),
    },
  };
  mkdirSync("bench/results", { recursive: true });
  writeFileSync(`bench/results/callbacks-${Date.now()}.json`, JSON.stringify(result, null, 2));
  console.log(
    `callbacks: ${delivered} delivered, ${failed} failed in ${seconds.toFixed(2)} s = ${perSecond.toFixed(1)} deliveries/s (concurrency ${CONCURRENCY})`,
  );
  console.log(
    `  per delivery: ${result.statements_per_delivery} statements (${Object.entries(sent.byKind)
      .map(([k, n]) => `${k} ${each(n)}`)
      .join(", ")}), ` +
      `${result.statement_ms_per_delivery} ms of statement time (summed over ${CONCURRENCY} senders), ${result.wal_bytes_per_delivery} bytes of WAL`,
  );
  const t = result.sender_ms_per_delivery;
  console.log(
    `  per sender: a delivery every ${t.cycle} ms, of which the POST ${t.post} ms (${(t.post_share * 100).toFixed(1)}% of the cycle); ` +
      `the rest waits for a started attempt (a statement takes ${t.statement} ms and records ${t.deliveries_per_statement} attempts) and for the runner`,
  );
  const cpu = result.cpu_ms_per_delivery;
  console.log(
    `  CPU ms per delivery: runner ${cpu.runner}, receiver ${cpu.receiver}, PostgreSQL ${cpu.postgres} (all three ${(cpu.runner + cpu.receiver + cpu.postgres).toFixed(3)})`,
  );
} finally {
  await db.$disconnect();
  const { disconnectPrisma } = await import("../lib/base/db/prisma");
  await disconnectPrisma();
  receiver.stop();
  await database.stop();
}
