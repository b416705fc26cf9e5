import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { filledEnvFile, readBareMetalSteps, type BareMetalStep } from "../support/bare-metal-steps";
import { createDepositWithRetries, depositTenant } from "../support/fault-load";
import { DEPLOY_DIR, nginxConfForTest, prometheusConfigForTest } from "../support/fleet-files";
import { freePort } from "../support/free-port";
import { launchShippedPgBouncer } from "../support/shipped-pgbouncer";
import { fileDatabase } from "../support/own-database";
import { NGINX_MISSING, nginxBinary, startNginx, type Nginx } from "../support/nginx";
import { PGBOUNCER_MISSING, pgbouncerBinary, type PgBouncer } from "../support/pgbouncer";
import { PROMETHEUS_MISSING, prometheusAvailable, startPrometheus, type Prometheus } from "../support/prometheus";
import { startAppServer, type AppServer } from "../support/test-stack";
import { runToExit } from "../support/until-ready-or-exit";

// CI installs Debian's pgbouncer, nginx and prometheus (.ci/run) and sets REQUIRE_PGBOUNCER=1 and REQUIRE_NGINX=1:
// there a missing binary fails the test instead of skipping it.
const required = process.env.REQUIRE_PGBOUNCER === "1" || process.env.REQUIRE_NGINX === "1";
const missing = required
  ? []
  : [
      ...(pgbouncerBinary() ? [] : [PGBOUNCER_MISSING]),
      ...(nginxBinary() ? [] : [NGINX_MISSING]),
      ...(prometheusAvailable() ? [] : [PROMETHEUS_MISSING]),
    ];
if (missing.length) console.warn(`e2e/faults/fleet-from-deploy.test.ts skipped: ${missing.join("; ")}`);

const root = path.resolve(DEPLOY_DIR, "..");
const read = (relative: string) => readFileSync(path.join(root, relative), "utf8");
// The proxy reaches the replicas from 127.0.0.1, the address they trust; providers' requests leave from this one.
const PROXY_ADDRESS = "127.0.0.1";
const CLIENT_ADDRESS = "127.0.0.5";

// An empty database: the migration job gives it its schema.
const file = fileDatabase({ migrate: false });

/** `node dist/<script>` with exactly the settings the operator's env file gives. */
const runNode = (args: string[], env: Record<string, string>) =>
  runToExit(args, { PATH: process.env.PATH, HOME: process.env.HOME, ...env });

describe.skipIf(missing.length > 0)("the fleet brought up as docs/deploy.md says, from the shipped files", () => {
  it(
    "settings, PgBouncer, the migrations, two replicas, nginx and Prometheus in the document's order serve and are watched",
    async () => {
      const steps = readBareMetalSteps();
      expect(steps.map((s) => s.kind)).toEqual([
        "settings",
        "load",
        "pgbouncer",
        "migrate",
        "replica",
        "replica",
        "nginx",
        "prometheus",
      ]);
      const replicaPorts = steps.filter((s) => s.kind === "replica").map((s) => s.port);
      let env: Record<string, string> = {};
      let bouncer: PgBouncer | undefined;
      let nginx: Nginx | undefined;
      let prometheus: Prometheus | undefined;
      const replicas: AppServer[] = [];
      // Where each replica the shipped files name (app-1:3000, …) listens on this machine.
      const addresses = new Map<string, string>();
      try {
        const run = async (step: BareMetalStep) => {
          switch (step.kind) {
            case "settings": {
              // Every CHANGE-ME as the example's comment says (openssl rand -base64 32); this machine's addresses.
              const fill = (name: string) =>
                name === "APP_ENCRYPTION_KEYS"
                  ? `k1:${randomBytes(32).toString("base64")}`
                  : randomBytes(32).toString("base64url");
              // The example's public origins stay (https, as production wants): nothing here follows them.
              env = filledEnvFile(read(step.example), fill, { TRUSTED_PROXIES: PROXY_ADDRESS });
              return;
            }
            case "load":
              return; // runNode and the replicas get `env` and nothing else of this process's environment.
            case "pgbouncer": {
              bouncer = await launchShippedPgBouncer(read(step.ini), file.database.url);
              // As the block's first comment says: DATABASE_URL names PgBouncer, DIRECT_DATABASE_URL PostgreSQL.
              env = { ...env, DATABASE_URL: bouncer.url, DIRECT_DATABASE_URL: file.database.url };
              return;
            }
            case "migrate": {
              const job = await runNode(["dist/migrate.js"], env);
              expect(job.code, job.output).toBe(0);
              expect(job.output).toMatch(/^Applied: /m);
              return;
            }
            case "replica": {
              // The shipped files call the replicas app-1:3000, app-2:3000; here each has a free port of its own.
              const port = await freePort();
              const replica = await startAppServer(env, [], undefined, { port });
              expect(replica.output(), "the job applied the migrations").not.toContain("applied migrations");
              replicas.push(replica);
              addresses.set(`app-${replicas.length}:3000`, `127.0.0.1:${port}`);
              return;
            }
            case "nginx": {
              nginx = await startNginx((place) =>
                nginxConfForTest(read(step.conf), { ...place, upstreams: Object.fromEntries(addresses) }),
              );
              return;
            }
            case "prometheus": {
              const token = env.METRICS_TOKEN!;
              prometheus = await startPrometheus((dir) => {
                const tokenFile = path.join(dir, "metrics_token");
                writeFileSync(tokenFile, token);
                const config = path.join(dir, "prometheus.yml");
                writeFileSync(
                  config,
                  prometheusConfigForTest(read(step.config), {
                    rulesDir: path.dirname(path.join(root, step.config)),
                    tokenFile,
                    targets: Object.fromEntries(addresses),
                  }),
                );
                return config;
              });
              return;
            }
          }
        };
        for (const step of steps) await run(step);
        expect(replicaPorts).toHaveLength(replicas.length);

        // Each replica ready on its own address; readiness not served through the proxy.
        for (const replica of replicas) {
          const ready = await fetch(`${replica.baseUrl}/api/ready`);
          expect(ready.status).toBe(200);
          expect(await ready.json()).toMatchObject({ status: "ready", checks: { keyring: "ok", migrations: "ok" } });
        }
        expect((await fetch(`${nginx!.url}/api/ready`)).status).toBe(404);
        expect((await fetch(`${nginx!.url}/api/health`)).status).toBe(200);

        // A provider's create through the proxy, from its whitelisted address, answered once.
        Object.assign(process.env, { DATABASE_URL: file.database.url, APP_ENCRYPTION_KEYS: env.APP_ENCRYPTION_KEYS });
        const tenant = await depositTenant(undefined, { ips: [CLIENT_ADDRESS] });
        const created = await createDepositWithRetries(
          tenant,
          () => nginx!.url,
          Date.now() + 30_000,
          undefined,
          CLIENT_ADDRESS,
        );
        expect(created.trackingCode, JSON.stringify(created.seen)).not.toBeNull();
        expect(created.seen).toHaveLength(1);

        // The operator's CLI with the same env file: every stored secret opens with the keyring.
        const check = await runNode(["dist/admin.js", "secrets:check"], env);
        expect(check.code, check.output).toBe(0);
        expect(check.output).toContain('{"unreadable":0}');

        // Prometheus scrapes both replicas with the token and evaluates the shipped rules.
        const deadline = Date.now() + 90_000;
        let up: { metric: Record<string, string>; value: [number, string] }[] = [];
        while (Date.now() < deadline) {
          up = await prometheus!.query('up{job="payment-integration-service"}');
          if (up.length === 2 && up.every((s) => s.value[1] === "1")) break;
          await new Promise((r) => setTimeout(r, 1000));
        }
        expect(up.map((s) => [s.metric.instance, s.value[1]]).sort()).toEqual(
          [...addresses.values()].map((a) => [a, "1"]).sort(),
        );
        const rules = (await (await fetch(`${prometheus!.url}/api/v1/rules`)).json()) as {
          data: { groups: { rules: { name: string }[] }[] };
        };
        const loaded = rules.data.groups.flatMap((g) => g.rules.map((r) => r.name));
        expect(loaded).toContain("NoCompletedDepositInBusinessHours");
        expect(loaded.length).toBeGreaterThan(10);
      } finally {
        for (const replica of replicas) await replica.stop();
        await prometheus?.stop();
        await nginx?.stop();
        await bouncer?.stop();
      }
    },
    15 * 60_000,
  );
});
