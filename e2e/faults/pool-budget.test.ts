import { randomUUID } from "node:crypto";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { prisma } from "@/lib/base/db/prisma";
import { startCallbackReceiver } from "../support/callback-receiver";
import { depositTenant, loadServerEnv } from "../support/fault-load";
import { FaultProgress } from "../support/fault-progress";
import { ownDatabase } from "../support/own-database";
import { signedRequest } from "../support/signed-request";
import { startAppServer, type AppServer } from "../support/test-stack";
import { approveByCode } from "@/lib/domain/approvals/approve-by-code";

const own = ownDatabase();

const POOL_MAX = 4;
const WORKERS = 2;
const CREATES = 400;
// Twice as many clients as the two workers have connections: each worker's pool is kept full.
const CLIENTS = 16;

/** Every connection PostgreSQL holds, by the process that opened it (application_name `pis:<pid>`). */
async function connectionsByProcess(client: pg.Client): Promise<Map<string, number>> {
  const { rows } = await client.query<{ name: string; n: number }>(
    "SELECT application_name AS name, count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name LIKE 'pis:%' GROUP BY 1",
  );
  return new Map(rows.map((r) => [r.name, r.n]));
}

describe("the connection budget (DATABASE_POOL_MAX)", () => {
  it(
    "is never exceeded by a worker under load: its pool, its LISTEN connection and its readiness checks together",
    async () => {
      const progress = new FaultProgress("connection budget under load");
      const receiver = await startCallbackReceiver();
      let server: AppServer | undefined;
      const watcher = new pg.Client({ connectionString: own.database.url, application_name: "pool-budget-watcher" });
      await watcher.connect();
      let sampling = true;
      const most = new Map<string, number>();
      let samples = 0;
      const sampler = (async () => {
        while (sampling) {
          for (const [name, n] of await connectionsByProcess(watcher)) most.set(name, Math.max(most.get(name) ?? 0, n));
          samples += 1;
          await new Promise((r) => setTimeout(r, 20));
        }
      })();
      try {
        server = await progress.serverStart(`${WORKERS} workers, DATABASE_POOL_MAX=${POOL_MAX}`, (budgetMs) =>
          startAppServer(
            { ...loadServerEnv(own.env), WEB_CONCURRENCY: String(WORKERS), DATABASE_POOL_MAX: String(POOL_MAX) },
            [],
            undefined,
            { readyWithinMs: budgetMs },
          ),
        );
        const baseUrl = server.baseUrl;
        const tenant = await depositTenant(receiver.url);
        const statuses = new Map<number | string, number>();
        const codes: string[] = [];
        let sent = 0;
        const approvals: Promise<unknown>[] = [];
        const client = async () => {
          while (sent < CREATES) {
            sent += 1;
            try {
              const res = await signedRequest(baseUrl, "/api/provider/start-manual-deposit", tenant.creds, {
                middle: [tenant.site.credential_key],
                headers: {
                  "x-credential-key": tenant.site.credential_key,
                  "idempotency-key": `budget-${randomUUID()}`,
                },
                body: { fullname: "Ayşe Kaya", username: "ayse.k", user_id: `u-${sent}`, amount: 100 + sent },
                checkResponse: false,
              });
              statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
              if (res.status === 200) {
                const code = String((res.json.data as { tracking_code: string }).tracking_code);
                codes.push(code);
                // Every fourth one approved at once: the workers' runners send callbacks meanwhile.
                if (codes.length % 4 === 0) approvals.push(approveByCode(code, { label: "budget test", viaCli: true }));
              }
            } catch (error) {
              statuses.set("dropped", (statuses.get("dropped") ?? 0) + 1);
              progress.set("last error", String(error).slice(0, 200));
            }
            // Load balancers ask for readiness all the time: it must not open connections of its own.
            if (sent % 20 === 0) await fetch(`${baseUrl}/api/ready`).then((r) => r.text());
          }
        };
        await progress.step(
          `${CREATES} creates by ${CLIENTS} clients`,
          { budgetMs: 300_000, why: "400 creates on a loaded 2-core machine" },
          () => Promise.all(Array.from({ length: CLIENTS }, client)),
        );
        await Promise.all(approvals);
        await progress.until(
          "the approvals' callbacks",
          async () => {
            const delivered = await prisma.callbackDelivery.count({
              where: { providerId: tenant.provider.id, state: "DELIVERED" },
            });
            return {
              done: delivered === approvals.length,
              progress: delivered,
              figure: `${delivered} of ${approvals.length} delivered`,
            };
          },
          { stallMs: 60_000, why: "the runners deliver within a poll" },
        );
        sampling = false;
        await sampler;
        const servers = [...most].filter(([name]) => name !== `pis:${process.pid}`);
        progress.set("samples", samples);
        progress.set("most connections per process", JSON.stringify(Object.fromEntries(servers)));
        console.log(`connection budget: ${JSON.stringify(Object.fromEntries(statuses))}; ${progress.summary()}`);
        expect([...statuses.keys()]).toEqual([200]);
        // Both workers were seen (the primary's start-up connections are closed before they fork)...
        expect(servers.filter(([, n]) => n > 1).length).toBeGreaterThanOrEqual(WORKERS);
        // ... each at most at its budget, and the load did fill it (else the test could not fail).
        for (const [name, n] of servers) expect(n, name).toBeLessThanOrEqual(POOL_MAX);
        expect(Math.max(...servers.map(([, n]) => n))).toBeGreaterThanOrEqual(POOL_MAX - 1);
      } finally {
        sampling = false;
        await sampler.catch(() => {});
        await watcher.end().catch(() => {});
        await server?.stop();
        await receiver.close();
      }
    },
    15 * 60_000,
  );
});
