import path from "node:path";
import { describe, expect, it } from "vitest";
import { disconnectPrisma } from "@/lib/base/db/prisma";
import { auditCreates, depositLoad, depositTenant, type Seen } from "../support/fault-load";
import { FaultProgress } from "../support/fault-progress";
import { proxyAudit, requestLines } from "../support/fleet-audit";
import {
  APP_PORT,
  appReplicas,
  fleetAppEnv,
  fleetSecrets,
  nginxConfForTest,
  parseCompose,
  readDeployFile,
} from "../support/fleet-files";
import { freePort } from "../support/free-port";
import { fileDatabase } from "../support/own-database";
import { NGINX_MISSING, nginxBinary, startNginx, type Nginx } from "../support/nginx";
import { startAppServer, type AppServer } from "../support/test-stack";

// CI installs Debian's nginx (.ci/run) and sets REQUIRE_NGINX=1: there a missing binary fails the test.
const available = nginxBinary() !== null || process.env.REQUIRE_NGINX === "1";
if (!available) console.warn(`e2e/faults/rolling-restart.test.ts skipped: ${NGINX_MISSING}`);

const CLIENTS = 8;
// Counted, not timed: creates answered with both replicas up, and by each restarted replica before the next stops.
const CREATES_FIRST = 40;
const SERVED_BY_RESTARTED = 20;
const NO_ANSWER_STALL_MS = 60_000;
const CLIENT_ADDRESS = "127.0.0.5";
const PROXY_ADDRESS = "127.0.0.1";

const file = fileDatabase();

describe.skipIf(!available)("a rolling restart through the shipped nginx.conf", () => {
  it(
    "answers every request under load while each replica in turn stops (SIGTERM) and starts again",
    async () => {
      const progress = new FaultProgress("rolling restart");
      const compose = parseCompose(readDeployFile("compose.yaml"));
      const replicas = appReplicas(compose) as [string, string];
      const ports = [await freePort(), await freePort()];
      let nginx: Nginx | undefined;
      const servers: (AppServer | undefined)[] = [];
      let loading = true;
      try {
        nginx = await startNginx((place) =>
          nginxConfForTest(readDeployFile("nginx/nginx.conf"), {
            ...place,
            upstreams: Object.fromEntries(replicas.map((r, i) => [`${r}:${APP_PORT}`, `127.0.0.1:${ports[i]}`])),
          }),
        );
        const proxyUrl = nginx.url;
        const secrets = fleetSecrets(file.database.url, file.database.url);
        const addresses = { PUBLIC_BASE_URL: proxyUrl, NEXTAUTH_URL: proxyUrl, TRUSTED_PROXIES: PROXY_ADDRESS };
        await disconnectPrisma();
        Object.assign(process.env, {
          DATABASE_URL: file.database.url,
          APP_ENCRYPTION_KEYS: secrets.app_encryption_keys,
        });
        // The replicas as compose runs them (two workers each), on the database directly: the pooler is not what a
        // restart tests. Plain-http callbacks are not sent here; the rate limit is not under test.
        const start = (index: number, label: string) =>
          progress.serverStart(label, (budgetMs) =>
            startAppServer(
              {
                ...fleetAppEnv(compose.services[replicas[index]!]!.environment!, addresses, secrets),
                APP_DATA_DIR: path.join(file.database.dir, "data"),
                RATE_LIMIT_PER_MINUTE: "100000",
                LOG_LEVEL: "info",
              },
              [],
              undefined,
              { readyWithinMs: budgetMs, port: ports[index] },
            ),
          );
        servers[0] = await start(0, replicas[0]);
        servers[1] = await start(1, replicas[1]);

        const tenant = await depositTenant(undefined, { ips: [CLIENT_ADDRESS] });
        const answers: Seen[] = [];
        const load = depositLoad(tenant, () => proxyUrl, {
          clients: CLIENTS,
          loading: () => loading,
          graceMs: () => progress.nextStartBudgetMs() + 15_000,
          localAddress: CLIENT_ADDRESS,
          onAnswer: (seen) => {
            answers.push(seen);
            progress.count(seen.status === 200 ? "creates answered" : `answers ${seen.status ?? "dropped"}`);
          },
        });
        const served = (server: AppServer) => requestLines(server.output()).length;
        const serve = async (label: string, done: () => boolean) =>
          progress.until(
            label,
            async () => {
              const answered = Number(progress.figures["creates answered"] ?? 0);
              return { done: done(), progress: answered, figure: `${answered} answered` };
            },
            {
              stallMs: NO_ANSWER_STALL_MS,
              why: `no create answered for ${NO_ANSWER_STALL_MS / 1000} s`,
              intervalMs: 200,
            },
          );
        await serve(
          `both replicas answering ${CREATES_FIRST} creates`,
          () => Number(progress.figures["creates answered"] ?? 0) >= CREATES_FIRST,
        );

        // One replica at a time, as docs/deploy.md says: SIGTERM, start it again, the next once it serves.
        const before = [...servers] as AppServer[];
        for (const index of [0, 1]) {
          await progress.step(
            `${replicas[index]} stopped with SIGTERM`,
            { budgetMs: 60_000, why: "requests in flight finish, idle connections get their grace" },
            () => servers[index]!.stop("SIGTERM"),
          );
          servers[index] = await start(index, `${replicas[index]} again`);
          const restarted = servers[index];
          await serve(
            `${replicas[index]} again serving ${SERVED_BY_RESTARTED}`,
            () => served(restarted) >= SERVED_BY_RESTARTED,
          );
        }
        loading = false;
        const results = await progress.step(
          "the clients' last keys answered",
          { budgetMs: progress.nextStartBudgetMs() + 45_000, why: "a key's retry grace plus one answer" },
          () => load,
        );

        // Readiness is not public through the shipped file: it names what a replica cannot open.
        expect((await fetch(`${proxyUrl}/api/ready`)).status).toBe(404);
        // Every request through the proxy answered by a replica, the first time: no 502, no 503, nothing dropped.
        expect(answers.filter((a) => a.status !== 200)).toEqual([]);
        const proxy = proxyAudit(nginx.accessLog(), "none");
        expect(proxy.failed).toEqual([]);
        expect(proxy.resent).toEqual([]);
        const audit = await auditCreates(tenant.site.id, results);
        expect(audit.unanswered).toEqual([]);
        expect(audit.retried).toBe(0);
        expect(audit.created).toBe(audit.answered);
        expect(audit.unseenCreates).toEqual([]);
        // Each replica served before its restart and after it.
        for (const server of [...before, ...(servers as AppServer[])]) expect(served(server)).toBeGreaterThan(0);
        console.log(
          `rolling restart: ${JSON.stringify({
            keys: audit.keys,
            created: audit.created,
            proxy: { requests: proxy.requests, passedOnUnsent: proxy.passedOn.length, servedBy: proxy.servedBy },
          })}`,
        );
        console.log(progress.summary());
      } finally {
        loading = false;
        for (const s of servers) await s?.stop();
        await nginx?.stop();
      }
    },
    20 * 60_000,
  );
});
