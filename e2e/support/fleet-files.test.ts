import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { ENV_NAMES } from "@/lib/base/config/env-schema";
import {
  APP_PORT,
  appReplicas,
  COMPOSE_APP_ENV,
  DEPLOY_DIR,
  fleetAppEnv,
  nginxConfForTest,
  parseCompose,
  parseIni,
  PGBOUNCER_ADDED,
  PGBOUNCER_REPLACED,
  pgbouncerIniForTest,
  readDeployFile,
} from "./fleet-files";

// The operators' files (deploy/) and the fleet test (e2e/faults/fleet-topology.test.ts) describe one topology:
// the names, ports and secrets they share agree, and what the test runs is the files' settings.
const compose = parseCompose(readDeployFile("compose.yaml"));
const ini = readDeployFile("pgbouncer/pgbouncer.ini");
const nginx = readDeployFile("nginx/nginx.conf");
const replicas = appReplicas(compose);
const app = compose.services[replicas[0]!]!;
const secretOf = (file: string | undefined) => /^\/run\/secrets\/(\w+)$/.exec(file ?? "")?.[1];
const testSecrets = Object.fromEntries(
  Object.keys(compose.secrets ?? {})
    .filter((s) => s !== "postgres_password")
    .map((s) => [s, `value of ${s}`]),
);
const addresses = {
  PUBLIC_BASE_URL: "http://127.0.0.1:1",
  NEXTAUTH_URL: "http://127.0.0.1:1",
  TRUSTED_PROXIES: "127.0.0.1",
};

describe("what an operator runs, as shipped", () => {
  it("publishes Prometheus on the compose host's loopback only, and the proxy alone to the world", () => {
    expect(compose.services.prometheus!.ports).toEqual(["127.0.0.1:9090:9090"]);
    const published = Object.entries(compose.services).filter(([, service]) => (service.ports ?? []).length > 0);
    expect(published.map(([name]) => name).sort()).toEqual(["prometheus", "proxy"]);
  });

  it("builds with Next's telemetry off, and the README names the Node version the suite runs on", () => {
    const root = path.resolve(import.meta.dirname, "../..");
    const scripts = (
      JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }
    ).scripts;
    expect(scripts.build).toMatch(/NEXT_TELEMETRY_DISABLED=1 next build/);
    const node = readFileSync(path.join(root, ".node-version"), "utf8").trim();
    expect(readFileSync(path.join(root, "README.md"), "utf8")).toContain(node);
  });
});

describe("deploy/compose.yaml", () => {
  it("has the services of the topology: PostgreSQL, PgBouncer, the migration job, two app replicas, the proxy and Prometheus", () => {
    expect(Object.keys(compose.services).sort()).toEqual([
      "app-1",
      "app-2",
      "migrate",
      "pgbouncer",
      "postgres",
      "prometheus",
      "proxy",
    ]);
    expect(replicas).toEqual(["app-1", "app-2"]);
    expect(compose.services.migrate!.command).toEqual(["node", "dist/migrate.js"]);
  });

  it("gives the app only variables the app reads, and every secret file it names exists in compose", () => {
    for (const service of [...replicas, "migrate"]) {
      const env = compose.services[service]!.environment!;
      for (const [name, value] of Object.entries(env)) {
        const variable = name.replace(/_FILE$/, "");
        expect(
          ENV_NAMES as readonly string[],
          `${service}: ${variable} is a setting of the app's configuration`,
        ).toContain(variable);
        if (name.endsWith("_FILE")) {
          const secret = secretOf(value);
          expect(secret, `${service}: ${name} names a Docker secret`).toBeDefined();
          expect(compose.services[service]!.secrets, `${service} mounts ${secret}`).toContain(secret);
          expect(Object.keys(compose.secrets!), `${secret} is declared`).toContain(secret);
        }
      }
      // The fleet test places every variable: kept, replaced by this machine's addresses, or a secret's value.
      expect(() => fleetAppEnv(env, addresses, testSecrets)).not.toThrow();
    }
    const env = fleetAppEnv(app.environment!, addresses, testSecrets);
    expect(env).toMatchObject({
      NODE_ENV: "production",
      WEB_CONCURRENCY: "2",
      DATABASE_URL: "value of database_url",
      DIRECT_DATABASE_URL: "value of direct_database_url",
    });
    // The migration job talks to PostgreSQL directly.
    expect(fleetAppEnv(compose.services.migrate!.environment!, addresses, testSecrets).DATABASE_URL).toBe(
      "value of direct_database_url",
    );
    expect(() => fleetAppEnv({ ...app.environment, SOMETHING_NEW: "1" }, addresses, testSecrets)).toThrow(
      /SOMETHING_NEW/,
    );
    expect(() =>
      fleetAppEnv(app.environment!, addresses, { ...testSecrets, nextauth_secret: undefined as unknown as string }),
    ).toThrow(/nextauth_secret/);
    expect([...COMPOSE_APP_ENV.kept, ...COMPOSE_APP_ENV.replaced].filter((n) => !(n in app.environment!))).toEqual([]);
  });

  it("trusts the proxy's address, and the proxy, Prometheus and the replicas agree on names and ports", () => {
    const proxy = compose.services.proxy!;
    const address = (proxy.networks as Record<string, { ipv4_address: string }>).fleet!.ipv4_address;
    expect(app.environment!.TRUSTED_PROXIES).toBe(address);
    const upstreams = [...nginx.matchAll(/^\s*server\s+(\S+:\d+)\s/gm)].map((m) => m[1]);
    expect(upstreams).toEqual(replicas.map((r) => `${r}:${APP_PORT}`));
    const prometheus = parseYaml(readDeployFile("prometheus/prometheus.yml")) as {
      scrape_configs: { static_configs: { targets: string[] }[] }[];
    };
    expect(prometheus.scrape_configs[0]!.static_configs[0]!.targets).toEqual(replicas.map((r) => `${r}:${APP_PORT}`));
    const listen = /^\s*listen\s+(\d+)\b.*#\s*fleet-test: listen/m.exec(nginx)![1];
    expect(proxy.ports).toEqual([`443:${listen}`]);
    expect(proxy.volumes).toContain("./nginx/nginx.conf:/etc/nginx/nginx.conf:ro");
    for (const file of ["nginx/nginx.conf", "pgbouncer/pgbouncer.ini", "prometheus/prometheus.yml"])
      expect(existsSync(path.join(DEPLOY_DIR, file))).toBe(true);
  });

  it("points DATABASE_URL at PgBouncer's database and the direct URL at PostgreSQL's, as the secrets note writes them", () => {
    const settings = parseIni(ini);
    const [alias, target] = Object.entries(settings.databases!)[0]!;
    const postgres = compose.services.postgres!.environment!;
    expect(target).toBe(`host=postgres port=5432 dbname=${postgres.POSTGRES_DB}`);
    const note = readDeployFile("secrets/README.md");
    expect(note).toContain(`@pgbouncer:${settings.pgbouncer!.listen_port}/${alias}' `);
    expect(note).toContain(`@postgres:5432/${postgres.POSTGRES_DB}' `);
    expect(compose.services.pgbouncer!.volumes).toEqual([
      "./pgbouncer/pgbouncer.ini:/etc/pgbouncer/pgbouncer.ini:ro",
      `./secrets/pgbouncer_userlist.txt:${settings.pgbouncer!.auth_file}:ro`,
    ]);
  });
});

describe("deploy/pgbouncer/pgbouncer.ini in the fleet test", () => {
  const place = {
    postgres: { host: "127.0.0.1", port: 54321, dbname: "pis_test" },
    listenPort: 40000,
    authFile: "/tmp/t/userlist.txt",
    socketDir: "/tmp/t",
    statsUser: "postgres",
  };
  const file = parseIni(ini);
  const tested = parseIni(pgbouncerIniForTest(ini, place));

  it("keeps every pooling setting of the file; only addresses, the port and paths change", () => {
    expect(file.pgbouncer!.pool_mode).toBe("transaction");
    const replaced: readonly string[] = PGBOUNCER_REPLACED.pgbouncer;
    const kept = Object.entries(file.pgbouncer!).filter(([key]) => !replaced.includes(key));
    expect(kept.length).toBeGreaterThan(5);
    for (const [key, value] of kept) expect(tested.pgbouncer![key], key).toBe(value);
    expect(Object.keys(tested.pgbouncer!).sort()).toEqual([...Object.keys(file.pgbouncer!), ...PGBOUNCER_ADDED].sort());
    expect(tested.pgbouncer).toMatchObject({
      listen_addr: "127.0.0.1",
      listen_port: "40000",
      auth_file: place.authFile,
      unix_socket_dir: place.socketDir,
    });
    expect(tested.databases).toEqual({ pis: "host=127.0.0.1 port=54321 dbname=pis_test" });
  });

  it("has room for the replicas' pooled connections, and its server connections fit PostgreSQL's default 100", () => {
    const env = app.environment!;
    const clients = replicas.length * Number(env.WEB_CONCURRENCY) * (Number(env.DATABASE_POOL_MAX) - 1);
    expect(Number(file.pgbouncer!.max_client_conn)).toBeGreaterThanOrEqual(clients);
    const direct = replicas.length * Number(env.WEB_CONCURRENCY); // one LISTEN per worker
    expect(Number(file.pgbouncer!.default_pool_size) + Number(file.pgbouncer!.reserve_pool_size) + direct).toBeLessThan(
      100 - 3,
    );
  });

  it("refuses a file that lacks what it replaces, or sets what it adds", () => {
    expect(() => pgbouncerIniForTest(ini.replace(/^listen_port.*$/m, ""), place)).toThrow(/pgbouncer.listen_port/);
    expect(() => pgbouncerIniForTest(ini.replace("[pgbouncer]", "[pgbouncer]\nstats_users = x"), place)).toThrow(
      /stats_users/,
    );
  });
});

describe("deploy/nginx/nginx.conf in the fleet test", () => {
  const upstreams = Object.fromEntries(replicas.map((r, i) => [`${r}:${APP_PORT}`, `127.0.0.1:${41000 + i}`]));
  const tested = nginxConfForTest(nginx, { listenPort: 40001, upstreams, dir: "/tmp/n" });
  const directives = (text: string) =>
    text
      .split("\n")
      .map((l) => l.replace(/#.*$/, "").trim())
      .filter(Boolean);

  it("never sends a request to a second replica once it was sent to one", () => {
    const next = directives(nginx).find((d) => d.startsWith("proxy_next_upstream "));
    expect(next).toBe("proxy_next_upstream error timeout;");
    expect(nginx).not.toMatch(/^\s*proxy_next_upstream[^#\n]*non_idempotent/m);
  });

  it("passes the Host with its port, which the console's server actions compare with their Origin", () => {
    expect(directives(nginx)).toContain("proxy_set_header Host $http_host;");
  });

  it("replaces only the marked lines, the upstreams' addresses, the pid file and the log", () => {
    const marked = nginx.split("\n").filter((l) => /#\s*fleet-test:/.test(l));
    expect(marked.map((l) => /fleet-test:\s*(\S+)/.exec(l)![1]).sort()).toEqual(["drop", "drop", "listen"]);
    const moved = (d: string) =>
      /^(pid|access_log|listen)\s/.test(d) || /^ssl_/.test(d) || /^server\s+\S+:\d+\s/.test(d);
    const kept = directives(nginx).filter((d) => !moved(d));
    const testedDirectives = directives(tested);
    for (const d of kept) expect(testedDirectives, d).toContain(d);
    expect(testedDirectives).toContain("listen 127.0.0.1:40001;");
    expect(tested).not.toMatch(/ssl/);
    // Each replica's server line keeps its parameters (max_fails) at the replica's address here.
    for (const [i, r] of replicas.entries()) {
      const params = new RegExp(`^\\s*server ${r}:${APP_PORT}(.*;)`, "m").exec(nginx)![1];
      expect(testedDirectives).toContain(`server 127.0.0.1:${41000 + i}${params}`);
    }
    expect(testedDirectives).toContain("pid /tmp/n/nginx.pid;");
    expect(testedDirectives).toContain("access_log /tmp/n/access.log fleet;");
  });

  it("refuses an unknown marker or an upstream that is not a replica", () => {
    expect(() =>
      nginxConfForTest(`${nginx}\n# fleet-test: something`, { listenPort: 1, upstreams, dir: "/tmp/n" }),
    ).toThrow(/unknown fleet-test marker/);
    expect(() =>
      nginxConfForTest(nginx, { listenPort: 1, upstreams: { "app-1:3000": "127.0.0.1:1" }, dir: "/tmp/n" }),
    ).toThrow(/app-2:3000/);
  });
});
