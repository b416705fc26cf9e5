import path from "node:path";
import { describe, expect, it } from "vitest";
import { CLAIM_LEASE_MS } from "@/lib/domain/callbacks/claim-deliveries";
import { disconnectPrisma, prisma } from "@/lib/base/db/prisma";
import { startCallbackReceiver } from "../support/callback-receiver";
import { serverWorkerPids } from "../support/child-processes";
import { consoleSession } from "../support/console-session";
import { auditCreates, depositLoad, depositTenant, sleep } from "../support/fault-load";
import { FaultProgress } from "../support/fault-progress";
import { proxyAudit, ranTwice, requestLines, running } from "../support/fleet-audit";
import {
  APP_PORT,
  appReplicas,
  fleetAppEnv,
  fleetSecrets,
  nginxConfForTest,
  parseCompose,
  parseIni,
  PGBOUNCER_REPLACED,
  readDeployFile,
} from "../support/fleet-files";
import { freePort } from "../support/free-port";
import { launchShippedPgBouncer } from "../support/shipped-pgbouncer";
import { fileDatabase } from "../support/own-database";
import { unbalancedSets } from "../support/ledger";
import { NGINX_MISSING, nginxBinary, startNginx, type Nginx } from "../support/nginx";
import { PGBOUNCER_MISSING, pgbouncerBinary, type PgBouncer } from "../support/pgbouncer";
import { builtServerActions, postServerAction } from "../support/server-actions";
import { startAppServer, type AppServer } from "../support/test-stack";
import { runToExit } from "../support/until-ready-or-exit";

// CI installs Debian's pgbouncer and nginx (.ci/run) and sets REQUIRE_PGBOUNCER=1 and REQUIRE_NGINX=1: there a
// missing binary fails the test instead of skipping it.
const missing = [
  ...(pgbouncerBinary() || process.env.REQUIRE_PGBOUNCER === "1" ? [] : [PGBOUNCER_MISSING]),
  ...(nginxBinary() || process.env.REQUIRE_NGINX === "1" ? [] : [NGINX_MISSING]),
];
if (missing.length) console.warn(`e2e/faults/fleet-topology.test.ts skipped: ${missing.join("; ")}`);

const CLIENTS = 8;
// Counted, not timed: creates answered through the proxy before the kill, while one replica is down, and after
// it is back (which must itself have served this many requests).
const CREATES_BEFORE_KILL = 60;
const CREATES_WHILE_DOWN = 40;
const CREATES_AFTER_RESTART = 60;
const SERVED_AFTER_RESTART = 20;
const NO_ANSWER_STALL_MS = 60_000;
// How long staff wait on one approval before reloading (the proxy itself gives up on a replica after 60 s).
const APPROVAL_ANSWER_MS = 20_000;
// The providers' side: their requests leave from here, the only address their whitelist allows. nginx reaches
// the replicas from 127.0.0.1, the proxy address they trust: a replica that did not believe nginx's
// X-Forwarded-For would see 127.0.0.1 and refuse every create.
const CLIENT_ADDRESS = "127.0.0.5";
const PROXY_ADDRESS = "127.0.0.1";

// An empty database: the migration job gives it its schema.
const file = fileDatabase({ migrate: false });

/** `node dist/<script>` as the image's job runs it, with its output. */
const runJob = (script: string, env: Record<string, string>) => runToExit([script], { ...process.env, ...env });

describe.skipIf(missing.length > 0)("the fleet of deploy/compose.yaml on this machine's binaries", () => {
  it(
    "loses, doubles and leaves stuck nothing when a replica is killed with kill -9 under load behind nginx and PgBouncer",
    async () => {
      const progress = new FaultProgress("fleet topology");
      const compose = parseCompose(readDeployFile("compose.yaml"));
      const [first, second] = appReplicas(compose) as [string, string];
      const pgbouncerIni = readDeployFile("pgbouncer/pgbouncer.ini");
      const receiver = await startCallbackReceiver();
      let bouncer: PgBouncer | undefined;
      let nginx: Nginx | undefined;
      const servers: AppServer[] = [];
      let loading = true;
      try {
        // PgBouncer from the operators' file: PostgreSQL's address, the listen port and the files are this machine's.
        bouncer = await launchShippedPgBouncer(pgbouncerIni, file.database.url);
        // It runs with the file's pooling settings (transaction mode among them), as PgBouncer itself reports them.
        const running_ = await bouncer.config();
        const replaced: readonly string[] = PGBOUNCER_REPLACED.pgbouncer;
        const pooling = Object.entries(parseIni(pgbouncerIni).pgbouncer!).filter(([key]) => !replaced.includes(key));
        expect(Object.fromEntries(pooling.map(([key]) => [key, running_[key]]))).toEqual(Object.fromEntries(pooling));
        expect(running_.pool_mode).toBe("transaction");

        // The secrets compose hands over as files, by their compose names; the addresses are this machine's.
        const ports = [await freePort(), await freePort()];
        nginx = await startNginx((place) =>
          nginxConfForTest(readDeployFile("nginx/nginx.conf"), {
            ...place,
            upstreams: {
              [`${first}:${APP_PORT}`]: `127.0.0.1:${ports[0]}`,
              [`${second}:${APP_PORT}`]: `127.0.0.1:${ports[1]}`,
            },
          }),
        );
        const proxyUrl = nginx.url;
        const secrets = fleetSecrets(bouncer.url, file.database.url);
        const addresses = { PUBLIC_BASE_URL: proxyUrl, NEXTAUTH_URL: proxyUrl, TRUSTED_PROXIES: PROXY_ADDRESS };

        // The migration job, its own step before any replica starts, on the direct URL (compose's `migrate`).
        const job = await progress.step(
          "the migration job",
          { budgetMs: 180_000, why: "every migration on an empty database, on a loaded machine" },
          () => runJob("dist/migrate.js", fleetAppEnv(compose.services.migrate!.environment!, addresses, secrets)),
        );
        expect(job.code, job.output).toBe(0);
        expect(job.output).toMatch(/^Applied: /m);
        // This process creates the tenant and reads the outcome on the direct connection, with the replicas' keys.
        await disconnectPrisma();
        Object.assign(process.env, {
          DATABASE_URL: file.database.url,
          APP_ENCRYPTION_KEYS: secrets.app_encryption_keys,
          NEXTAUTH_SECRET: secrets.nextauth_secret,
        });

        // Two replicas as compose runs them (WEB_CONCURRENCY=2, DATABASE_POOL_MAX=8, DATABASE_URL through PgBouncer,
        // DIRECT_DATABASE_URL to PostgreSQL), plus what a test needs: its receiver is plain http on loopback, staff
        // sign in with a password only, the rate limit is not under test, and the request lines are read.
        const replicaEnv = (name: string) => ({
          ...fleetAppEnv(compose.services[name]!.environment!, addresses, secrets),
          APP_DATA_DIR: path.join(file.database.dir, "data"),
          CALLBACK_ALLOW_PRIVATE_NETWORKS: "true",
          CALLBACK_ALLOW_HTTP: "true",
          CONSOLE_ADMIN_SECOND_FACTOR: "offered",
          RATE_LIMIT_PER_MINUTE: "100000",
          LOG_LEVEL: "info",
        });
        const startReplica = (index: 0 | 1, label: string) =>
          progress.serverStart(label, (budgetMs) =>
            startAppServer(replicaEnv(index ? second : first), [], undefined, {
              readyWithinMs: budgetMs,
              port: ports[index],
            }),
          );
        const killedReplica = await startReplica(0, first);
        const survivor = await startReplica(1, second);
        servers.push(killedReplica, survivor);
        for (const s of servers)
          expect(s.output(), "the job applied the migrations, not a replica").not.toContain("applied migrations");

        const tenant = await depositTenant(receiver.url, { ips: [CLIENT_ADDRESS] });
        const admin = await consoleSession(proxyUrl, "admin", {}, CLIENT_ADDRESS);
        const approve = builtServerActions().find((a) => a.name === "approveOrProposeDepositAction")!;
        const created: string[] = [];
        const approved: string[] = [];
        const graceMs = () => progress.nextStartBudgetMs() + 15_000;
        const load = depositLoad(tenant, () => proxyUrl, {
          clients: CLIENTS,
          loading: () => loading,
          graceMs,
          localAddress: CLIENT_ADDRESS,
          onAnswer: (seen) =>
            progress.count(seen.status === 200 ? "creates answered" : `answers ${seen.status ?? "dropped"}`),
          onCreated: (code) => created.push(code),
        });

        // Staff approve in the console through the proxy. An answer lost with a replica (or one that does not
        // come in APPROVAL_ANSWER_MS) is settled as staff would: reload (read the deposit) and approve again
        // only if it is still pending. A busy run once waited on one answer for the test's whole budget.
        const approveThroughProxy = async (code: string) => {
          for (let tries = 1; ; tries++) {
            const row = await prisma.transaction.findUniqueOrThrow({ where: { trackingCode: code } });
            if (row.status === "completed") return;
            const fields = { id: String(row.id), amount: row.amount.toFixed(2), reason: "", reference: "" };
            const answer = await postServerAction(proxyUrl, approve, fields, admin.cookie, CLIENT_ADDRESS, {
              timeoutMs: APPROVAL_ANSWER_MS,
            }).catch((error: unknown) => ({ status: 0, text: String(error) }));
            if (answer.text.includes('"ok"')) return;
            progress.count(
              `approval answers ${answer.status || (answer.text.includes("no answer within") ? "none in time" : "dropped")}`,
            );
            if (tries >= 20)
              throw new Error(
                `approving ${code} failed 20 times; last answer ${answer.status}: ${answer.text.slice(0, 300)}`,
              );
            await sleep(500);
          }
        };
        let approvalFailure: unknown;
        const approvals = (async () => {
          while (loading) {
            const code = created[approved.length];
            if (!code) {
              await sleep(100);
              continue;
            }
            await approveThroughProxy(code);
            approved.push(code);
            progress.set("approvals", approved.length);
          }
        })().catch((error: unknown) => {
          approvalFailure = error;
        });

        const serve = async (label: string, creates: number, alsoDone: () => boolean = () => true) => {
          const from = Number(progress.figures["creates answered"] ?? 0);
          await progress.until(
            label,
            async () => {
              if (approvalFailure) throw approvalFailure;
              const answered = Number(progress.figures["creates answered"] ?? 0) - from;
              return { done: answered >= creates && alsoDone(), progress: answered, figure: `${answered} answered` };
            },
            {
              stallMs: NO_ANSWER_STALL_MS,
              why: `no create answered for ${NO_ANSWER_STALL_MS / 1000} s with ${CLIENTS} clients asking`,
              intervalMs: 200,
            },
          );
        };
        const served = (server: AppServer) => requestLines(server.output()).length;
        await serve(
          `both replicas answering ${CREATES_BEFORE_KILL} creates`,
          CREATES_BEFORE_KILL,
          () => served(killedReplica) > 0 && served(survivor) > 0,
        );

        // kill -9 of the replica's primary: its workers die with it (they exit when their channel to it closes).
        const workers = serverWorkerPids(killedReplica.pid);
        expect(workers).toHaveLength(2);
        await killedReplica.stop("SIGKILL");
        servers.splice(servers.indexOf(killedReplica), 1);
        const killedAt = Date.now();
        await progress.until(
          `${first}'s workers gone`,
          async () => {
            const left = workers.filter(running).length;
            return {
              done: left === 0,
              progress: workers.length - left,
              figure: `${left} of ${workers.length} still running`,
            };
          },
          { stallMs: 30_000, why: "a worker exits as soon as its primary's channel closes" },
        );
        progress.set("workers gone after (ms)", Date.now() - killedAt);
        await serve(`${second} alone answering ${CREATES_WHILE_DOWN} creates`, CREATES_WHILE_DOWN);
        const restarted = await startReplica(0, `${first} again`);
        servers.push(restarted);
        await serve(
          `both again, ${first} serving ${SERVED_AFTER_RESTART}`,
          CREATES_AFTER_RESTART,
          () => served(restarted) >= SERVED_AFTER_RESTART,
        );
        loading = false;
        const results = await progress.step(
          "the clients' last keys answered",
          { budgetMs: graceMs() + 30_000, why: "a key's retry grace plus one answer" },
          () => load,
        );
        await progress.step(
          "the last approval",
          { budgetMs: 60_000, why: "one approval with its retries" },
          () => approvals,
        );
        if (approvalFailure) throw approvalFailure;

        // Every key answered once and created once; no key left claimed.
        const audit = await progress.step("the audit of the creates", { budgetMs: 90_000, why: "three queries" }, () =>
          auditCreates(tenant.site.id, results),
        );
        expect(audit.unanswered).toEqual([]);
        expect(audit.stuckKeys).toBe(0);
        expect(audit.unseenCreates).toEqual([]);
        expect(audit.created).toBe(audit.answered);
        expect(audit.contractBreaks).toEqual([]);
        expect(new Set(results.map((r) => r.trackingCode)).size).toBe(results.length);

        // The ledger: each approved deposit posted once, and every set balances.
        const posted = await prisma.ledgerEntrySet.groupBy({
          by: ["transactionId"],
          where: { kind: "DEPOSIT", transaction: { trackingCode: { in: approved } } },
          _count: { _all: true },
        });
        expect(posted.length).toBe(approved.length);
        expect(posted.filter((p) => p._count._all !== 1)).toEqual([]);
        expect(await prisma.ledgerEntrySet.count({ where: { dealerId: tenant.dealer.id } })).toBe(approved.length);
        expect(await unbalancedSets(tenant.dealer.id)).toEqual([]);

        // Every approval's callback delivered to the receiver and logged; a killed replica's claim lapses first.
        const deliveries = () => prisma.callbackDelivery.findMany({ where: { trackingCode: { in: approved } } });
        await progress.until(
          "the approvals' callbacks delivered",
          async () => {
            const delivered = (await deliveries()).filter((d) => d.state === "DELIVERED").length;
            return {
              done: delivered === approved.length,
              progress: delivered,
              figure: `${delivered} of ${approved.length} delivered`,
            };
          },
          {
            stallMs: CLAIM_LEASE_MS + 45_000,
            why: `a killed replica's claim lease (${CLAIM_LEASE_MS / 1000} s) and a retry`,
          },
        );
        const received = receiver.received.map((c) => String(c.body.tracking_code));
        expect(new Set(received)).toEqual(new Set(approved));
        const attempts = await prisma.callbackAttempt.findMany({
          where: { deliveryId: { in: (await deliveries()).map((d) => d.id) } },
        });
        const logged = new Set(attempts.map((a) => `${a.deliveryId}#${a.attemptNumber}`));
        expect(
          receiver.received.filter(
            (c) => !logged.has(`${String(c.headers["x-delivery-id"])}#${String(c.headers["x-delivery-attempt"])}`),
          ),
        ).toEqual([]);
        expect(attempts.filter((a) => a.inFlight)).toEqual([]);
        const succeeded = new Map<number, number>();
        for (const a of attempts.filter((x) => x.succeeded))
          succeeded.set(a.deliveryId, (succeeded.get(a.deliveryId) ?? 0) + 1);
        expect([...succeeded.values()].filter((n) => n !== 1)).toEqual([]);

        // Both replicas served; the proxy never sent a request again that had reached the dead replica, and no
        // request id ran on two replicas.
        const killedAddr = `127.0.0.1:${ports[0]}`;
        const proxy = proxyAudit(nginx.accessLog(), killedAddr);
        const logs = {
          [`${first} before the kill`]: requestLines(killedReplica.output()),
          [second]: requestLines(survivor.output()),
          [`${first} after`]: requestLines(restarted.output()),
        };
        expect(proxy.resent).toEqual([]);
        expect(proxy.failed).toEqual([]);
        expect(proxy.cutOff.length, "the kill cut requests off: it happened under load").toBeGreaterThan(0);
        expect(ranTwice(Object.values(logs))).toEqual([]);
        const afterKill = new Set(logs[second]!.concat(logs[`${first} after`]!).map((l) => l.requestId));
        expect(proxy.cutOff.filter((e) => afterKill.has(e.requestId))).toEqual([]);
        for (const lines of Object.values(logs)) expect(lines.length).toBeGreaterThan(0);
        const pooler = await bouncer.stats();
        expect(pooler.serverConnections).toBeLessThanOrEqual(
          Number(running_.default_pool_size) + Number(running_.reserve_pool_size),
        );

        const requestsBy = Object.fromEntries(Object.entries(logs).map(([name, lines]) => [name, lines.length]));
        console.log(
          `fleet topology: ${JSON.stringify({
            keys: audit.keys,
            created: audit.created,
            retried: audit.retried,
            replayedAfterRetry: audit.replayedAfterRetry,
            stuckKeys: audit.stuckKeys,
            approved: approved.length,
            callbacksReceived: received.length,
            callbackDuplicates: received.length - new Set(received).size,
            requestsBy,
            proxy: {
              requests: proxy.requests,
              servedBy: proxy.servedBy,
              cutOff: proxy.cutOff.length,
              passedOnUnsent: proxy.passedOn.length,
              resent: proxy.resent.length,
            },
            pooler,
          })}`,
        );
        console.log(progress.summary());
      } finally {
        loading = false;
        for (const s of servers) await s.stop();
        await nginx?.stop();
        await bouncer?.stop();
        await receiver.close();
      }
    },
    30 * 60_000,
  );
});
