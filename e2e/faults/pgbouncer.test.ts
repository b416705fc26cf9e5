import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { prisma } from "@/lib/base/db/prisma";
import { startCallbackReceiver } from "../support/callback-receiver";
import { consoleSession } from "../support/console-session";
import { depositTenant, loadServerEnv } from "../support/fault-load";
import { FaultProgress } from "../support/fault-progress";
import { ownDatabase } from "../support/own-database";
import { PGBOUNCER_MISSING, pgbouncerBinary, startPgBouncer, type PgBouncer } from "../support/pgbouncer";
import { builtServerActions, postServerAction } from "../support/server-actions";
import { signedRequest } from "../support/signed-request";
import { startAppServer, type AppServer } from "../support/test-stack";

// CI installs Debian's pgbouncer (.ci/run) and sets REQUIRE_PGBOUNCER=1: there a missing binary fails the test.
const available = pgbouncerBinary() !== null || process.env.REQUIRE_PGBOUNCER === "1";
if (!available) console.warn(`e2e/faults/pgbouncer.test.ts skipped: ${PGBOUNCER_MISSING}`);

const own = ownDatabase();

const CREATES = 200;
const CONCURRENCY = 8;
const CONSOLE_APPROVALS = 5;
const CLI_APPROVALS = 3;

type Outcome = { status: number | null; error?: string };

/** `node dist/admin.js`, as an operator runs it in the image, with the environment given. */
function adminCli(
  env: Record<string, string>,
  ...args: string[]
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["dist/admin.js", ...args], {
      env: { ...process.env, ...env, NODE_ENV: "production" },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe.skipIf(!available)("the production server behind PgBouncer in transaction mode", () => {
  it(
    "serves 200 creates at concurrency 8 without a 5xx, approves through it, and its runners still wake on NOTIFY (LISTEN on the direct URL)",
    async () => {
      const progress = new FaultProgress("behind PgBouncer (transaction mode)");
      // Few server connections for many clients: consecutive statements of one client land on different sessions.
      const bouncer: PgBouncer = await startPgBouncer(own.database.url, { poolMode: "transaction", poolSize: 4 });
      const receiver = await startCallbackReceiver();
      // DATABASE_URL is the pooler; DIRECT_DATABASE_URL reaches PostgreSQL for the migrations' lock and LISTEN.
      // The runners poll every ten minutes: a callback of an approval made in another process arrives only if
      // the NOTIFY it sends wakes them.
      const pooled = { DATABASE_URL: bouncer.url, DIRECT_DATABASE_URL: own.database.url };
      let server: AppServer | undefined;
      try {
        server = await progress.serverStart("two workers behind the pooler", (budgetMs) =>
          startAppServer(
            { ...loadServerEnv(own.env), ...pooled, WEB_CONCURRENCY: "2", JOB_POLL_INTERVAL_MS: "600000" },
            [],
            undefined,
            { readyWithinMs: budgetMs },
          ),
        );
        const baseUrl = server.baseUrl;
        const tenant = await depositTenant(receiver.url);

        // 200 creates, 8 at a time, each with an Idempotency-Key: every statement of the request path goes
        // through the pooler (authentication, the rate limit's upsert, the create, the key's claim and answer).
        const outcomes: Outcome[] = [];
        const codes: string[] = [];
        let next = 0;
        const client = async () => {
          while (next < CREATES) {
            next += 1;
            try {
              const res = await signedRequest(baseUrl, "/api/provider/start-manual-deposit", tenant.creds, {
                middle: [tenant.site.credential_key],
                headers: { "x-credential-key": tenant.site.credential_key, "idempotency-key": `pgb-${randomUUID()}` },
                body: { fullname: "Ayşe Kaya", username: "ayse.k", user_id: `u-${next}`, amount: 100 + next },
                checkResponse: false,
              });
              outcomes.push({ status: res.status });
              progress.count(`answers ${res.status}`);
              if (res.status === 200) codes.push(String((res.json.data as { tracking_code: string }).tracking_code));
            } catch (error) {
              outcomes.push({ status: null, error: String(error).slice(0, 200) });
              progress.count("answers dropped");
            }
          }
        };
        await progress.step(
          `${CREATES} creates at concurrency ${CONCURRENCY}`,
          { budgetMs: 180_000, why: "200 creates on a loaded 2-core machine" },
          () => Promise.all(Array.from({ length: CONCURRENCY }, client)),
        );
        const stats = await bouncer.stats();
        progress.set("pooler transactions", stats.transactions);
        console.log(`behind PgBouncer: ${JSON.stringify(progress.figures)}; pooler ${JSON.stringify(stats)}`);
        expect(outcomes.filter((o) => o.status === null || o.status >= 500)).toEqual([]);
        expect(outcomes.filter((o) => o.status === 200)).toHaveLength(CREATES);
        // They did go through the pooler, on its few server connections.
        expect(stats.transactions).toBeGreaterThanOrEqual(CREATES * 2);
        expect(stats.serverConnections).toBeLessThanOrEqual(4);

        // Staff approve through the server (console server action: an interactive transaction through the
        // pooler); its worker's runner sends each callback.
        const admin = await consoleSession(baseUrl, "admin");
        const approve = builtServerActions().find((a) => a.name === "approveOrProposeDepositAction")!;
        const byConsole = codes.slice(0, CONSOLE_APPROVALS);
        for (const code of byConsole) {
          const row = await prisma.transaction.findUniqueOrThrow({ where: { trackingCode: code } });
          const res = await postServerAction(
            baseUrl,
            approve,
            { id: String(row.id), amount: row.amount.toFixed(2), reason: "", reference: "" },
            admin.cookie,
          );
          expect(res.text, code).toContain('"ok"');
        }
        // An operator approves with the CLI, its own process, also through the pooler: its NOTIFY must reach the
        // servers' runners, which LISTEN on the direct connection.
        const byCli = codes.slice(CONSOLE_APPROVALS, CONSOLE_APPROVALS + CLI_APPROVALS);
        for (const code of byCli) {
          // With the server's settings, as an operator's env file gives them (the CLI refuses what the server does).
          const cli = await adminCli({ ...own.env, ...pooled, PUBLIC_BASE_URL: baseUrl }, "transaction:approve", code);
          expect(cli.code, cli.stderr).toBe(0);
        }
        const approved = [...byConsole, ...byCli];
        await progress.until(
          "the approvals' callbacks",
          async () => {
            const got = new Set(receiver.received.map((c) => String(c.body.tracking_code)));
            const arrived = approved.filter((code) => got.has(code)).length;
            return {
              done: arrived === approved.length,
              progress: arrived,
              figure: `${arrived} of ${approved.length} callbacks received`,
            };
          },
          { stallMs: 45_000, why: "a woken runner sends at once; the next poll is ten minutes away" },
        );
        const completed = await prisma.transaction.count({
          where: { trackingCode: { in: approved }, status: "completed" },
        });
        expect(completed).toBe(approved.length);
        const delivered = await prisma.callbackDelivery.count({
          where: { trackingCode: { in: approved }, state: "DELIVERED" },
        });
        expect(delivered).toBe(approved.length);

        // The LISTEN sessions are direct ones: PostgreSQL shows one per worker, none of them PgBouncer's.
        const listeners = await prisma.$queryRaw<{ n: number }[]>`
        SELECT count(*)::int AS n FROM pg_stat_activity WHERE query LIKE 'LISTEN %' AND application_name LIKE 'pis:%'`;
        expect(listeners[0]!.n).toBe(2);
        console.log(progress.summary());
      } finally {
        await server?.stop();
        await receiver.close();
        await bouncer.stop();
      }
    },
    15 * 60_000,
  );
});
