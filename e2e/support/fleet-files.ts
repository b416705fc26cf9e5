import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse as parseYaml, stringify as stringifyYaml } from "yaml";

/**
 * The operators' topology under deploy/ (compose.yaml, pgbouncer/pgbouncer.ini, nginx/nginx.conf), rewritten
 * for the fleet test on this machine's binaries (e2e/faults/fleet-topology.test.ts). What is replaced is where
 * each part listens, how it finds the others and where it keeps its files; every other setting is the file's,
 * which fleet-files.test.ts checks. No side effects here: the test starts the processes.
 */
export const DEPLOY_DIR = path.resolve(import.meta.dirname, "../../deploy");

export const readDeployFile = (relative: string): string => readFileSync(path.join(DEPLOY_DIR, relative), "utf8");

// ---- compose.yaml ----

export type ComposeService = {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  secrets?: string[];
  ports?: string[];
  depends_on?: unknown;
  networks?: string[] | Record<string, { ipv4_address?: string }>;
};
export type Compose = {
  services: Record<string, ComposeService>;
  secrets?: Record<string, { file: string }>;
  networks?: Record<string, unknown>;
};

/** compose.yaml with its anchors and `<<` merges resolved, as docker compose reads it. */
export function parseCompose(text: string): Compose {
  return parseYaml(text, { merge: true }) as Compose;
}

/** The port the app listens on in its container: the server's default (scripts/server.ts), which compose does not change. */
export const APP_PORT = 3000;

/** The app's replicas: the services that run the image's default command (the migration job names its own). */
export function appReplicas(compose: Compose): string[] {
  const app = compose.services.migrate?.image;
  return Object.entries(compose.services)
    .filter(([, s]) => s.image === app && s.command === undefined)
    .map(([name]) => name);
}

/**
 * How the fleet test sets each variable of compose's app environment: `kept` with compose's value;
 * `replaced` by this machine's addresses; every `NAME_FILE` (a Docker secret, /run/secrets/<secret>) by NAME
 * with the test's value for that secret. A variable compose adds that is none of these fails the test until
 * it is placed here.
 */
export const COMPOSE_APP_ENV = {
  kept: ["NODE_ENV", "DATABASE_POOL_MAX", "WEB_CONCURRENCY"],
  replaced: ["PUBLIC_BASE_URL", "NEXTAUTH_URL", "TRUSTED_PROXIES"],
} as const;

type Replaced = Record<(typeof COMPOSE_APP_ENV.replaced)[number], string>;

/** A service's environment from compose's, with this machine's addresses and the secrets' values by compose name. */
export function fleetAppEnv(
  composeEnv: Record<string, string>,
  replaced: Replaced,
  secrets: Record<string, string>,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(composeEnv)) {
    if ((COMPOSE_APP_ENV.kept as readonly string[]).includes(name)) env[name] = String(value);
    else if ((COMPOSE_APP_ENV.replaced as readonly string[]).includes(name))
      env[name] = replaced[name as keyof Replaced];
    else if (name.endsWith("_FILE")) {
      const secret = /^\/run\/secrets\/(\w+)$/.exec(String(value))?.[1];
      if (!secret) throw new Error(`compose's ${name} is not a Docker secret's file (/run/secrets/<secret>): ${value}`);
      if (secrets[secret] === undefined)
        throw new Error(`compose's ${name} reads the secret ${secret}: the fleet test must give its value`);
      env[name.slice(0, -"_FILE".length)] = secrets[secret];
    } else
      throw new Error(
        `compose's app environment sets ${name}, which the fleet test neither keeps nor replaces (e2e/support/fleet-files.ts)`,
      );
  }
  return env;
}

/**
 * The values of compose's secrets for a test fleet, by compose name: the database's URLs (the pooler's and
 * PostgreSQL's own) and fresh random keys.
 */
export function fleetSecrets(databaseUrl: string, directDatabaseUrl: string): Record<string, string> {
  return {
    database_url: databaseUrl,
    direct_database_url: directDatabaseUrl,
    app_encryption_keys: `k1:${randomBytes(32).toString("base64")}`,
    nextauth_secret: randomBytes(32).toString("base64url"),
    bank_webhook_secret: randomBytes(32).toString("hex"),
    acquirer_webhook_secret: randomBytes(32).toString("hex"),
    metrics_token: randomBytes(32).toString("hex"),
  };
}

// ---- pgbouncer.ini ----

export type IniSections = Record<string, Record<string, string>>;

/** PgBouncer's ini: `[section]`, `key = value` (the value may be empty), `;` and `#` comments. */
export function parseIni(text: string): IniSections {
  const sections: IniSections = {};
  let section = "";
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (!line || line.startsWith(";") || line.startsWith("#")) continue;
    const header = /^\[(.+)\]$/.exec(line);
    if (header) sections[(section = header[1]!)] ??= {};
    else {
      const eq = line.indexOf("=");
      if (eq < 0) throw new Error(`not an ini line: ${raw}`);
      (sections[section] ??= {})[line.slice(0, eq).trim()] = line.slice(eq + 1).trim();
    }
  }
  return sections;
}

/** What the test replaces: in [databases] where PostgreSQL is, in [pgbouncer] where PgBouncer listens and its auth file. */
export const PGBOUNCER_REPLACED = {
  databases: ["host", "port", "dbname"],
  pgbouncer: ["listen_addr", "listen_port", "auth_file"],
} as const;
/** What the test adds: its Unix socket in the temp dir (the default, /tmp, is shared), and a user that may read SHOW STATS. */
export const PGBOUNCER_ADDED = ["unix_socket_dir", "stats_users"] as const;

type PgBouncerPlace = {
  postgres: { host: string; port: number; dbname: string };
  listenPort: number;
  authFile: string;
  socketDir: string;
  statsUser: string;
};

/** deploy/pgbouncer/pgbouncer.ini with the addresses, port and paths of this machine; every pooling setting as the file has it. */
export function pgbouncerIniForTest(text: string, place: PgBouncerPlace): string {
  let section = "";
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    const header = /^\[(.+)\]$/.exec(line);
    if (header) {
      section = header[1]!;
      out.push(raw);
      if (section === "pgbouncer") out.push(`unix_socket_dir = ${place.socketDir}`, `stats_users = ${place.statsUser}`);
      continue;
    }
    const setting = /^([\w.-]+)\s*=\s*(.*)$/.exec(line);
    if (!setting || line.startsWith(";") || line.startsWith("#")) {
      out.push(raw);
      continue;
    }
    const [, key, value] = setting as unknown as [string, string, string];
    if (section === "databases") {
      const values: Record<string, string> = {
        host: place.postgres.host,
        port: String(place.postgres.port),
        dbname: place.postgres.dbname,
      };
      const replaced = value.replace(/\b(host|port|dbname)=\S+/g, (_, name: string) => {
        seen.add(`databases.${name}`);
        return `${name}=${values[name]}`;
      });
      out.push(`${key} = ${replaced}`);
    } else if (section === "pgbouncer" && (PGBOUNCER_REPLACED.pgbouncer as readonly string[]).includes(key)) {
      seen.add(`pgbouncer.${key}`);
      out.push(
        `${key} = ${key === "listen_addr" ? "127.0.0.1" : key === "listen_port" ? place.listenPort : place.authFile}`,
      );
    } else if (section === "pgbouncer" && (PGBOUNCER_ADDED as readonly string[]).includes(key)) {
      throw new Error(`deploy/pgbouncer/pgbouncer.ini sets ${key}, which the fleet test sets itself`);
    } else out.push(raw);
  }
  const expected = Object.entries(PGBOUNCER_REPLACED).flatMap(([s, keys]) => keys.map((k) => `${s}.${k}`));
  const missing = expected.filter((k) => !seen.has(k));
  if (missing.length)
    throw new Error(`deploy/pgbouncer/pgbouncer.ini has no ${missing.join(", ")} for the fleet test to replace`);
  return out.join("\n");
}

// ---- nginx.conf ----

/** The access log the test reads: which replica (or replicas) each request was sent to, and how many bytes reached each. */
export const NGINX_LOG_FORMAT =
  `log_format fleet escape=json '{"request_id":"$request_id","method":"$request_method","uri":"$request_uri","status":"$status",` +
  `"upstream_addr":"$upstream_addr","upstream_status":"$upstream_status","upstream_bytes_sent":"$upstream_bytes_sent","msec":"$msec"}';`;

type NginxPlace = { listenPort: number; upstreams: Record<string, string>; dir: string; user?: string };

/**
 * deploy/nginx/nginx.conf for this machine: the lines marked `# fleet-test: listen` and `# fleet-test: drop`
 * replaced and dropped, each upstream server (`app-1:3000`) at its replica's address with its parameters
 * kept, the pid file, logs and temporary files in `dir`, and, as root, the workers left as this user.
 */
export function nginxConfForTest(text: string, place: NginxPlace): string {
  const out: string[] = [...(place.user ? [`user ${place.user};`] : []), `error_log ${place.dir}/error.log notice;`];
  let inUpstream = false;
  const found = new Set<string>();
  for (const raw of text.split("\n")) {
    const indent = /^\s*/.exec(raw)![0];
    const marker = /#\s*fleet-test:\s*(\S+)/.exec(raw)?.[1];
    const line = raw.replace(/#.*$/, "").trim();
    if (marker === "drop") continue;
    if (marker === "listen") {
      if (!line.startsWith("listen ")) throw new Error(`nginx.conf marks "${raw.trim()}" as the listen line`);
      out.push(`${indent}listen 127.0.0.1:${place.listenPort};`);
      continue;
    }
    if (marker) throw new Error(`nginx.conf has an unknown fleet-test marker: ${raw.trim()}`);
    if (/^upstream\s/.test(line)) inUpstream = true;
    if (inUpstream && line === "}") inUpstream = false;
    const server = inUpstream ? /^server\s+(\S+)(.*;)$/.exec(line) : null;
    if (server) {
      const address = place.upstreams[server[1]!];
      if (!address)
        throw new Error(
          `nginx.conf's upstream ${server[1]} is not one of the test's replicas (${Object.keys(place.upstreams).join(", ")})`,
        );
      out.push(`${indent}server ${address}${server[2]}`);
    } else if (/^pid\s/.test(line)) {
      found.add("pid");
      out.push(`pid ${place.dir}/nginx.pid;`);
    } else if (/^access_log\s/.test(line)) {
      found.add("access_log");
      out.push(`${indent}${NGINX_LOG_FORMAT}`, `${indent}access_log ${place.dir}/access.log fleet;`);
      // Debian's build keeps them under /var/lib/nginx, which a non-root user cannot write.
      for (const kind of ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"])
        out.push(`${indent}${kind}_temp_path ${place.dir}/${kind}_temp;`);
    } else out.push(raw);
  }
  const missing = ["pid", "access_log"].filter((d) => !found.has(d));
  if (missing.length)
    throw new Error(`nginx.conf has no ${missing.join(", ")} directive for the fleet test to move into its temp dir`);
  return out.join("\n");
}

// ---- prometheus.yml ----

type PrometheusPlace = { rulesDir: string; tokenFile: string; targets: Record<string, string> };

/**
 * deploy/prometheus/prometheus.yml for this machine: each rule file at the shipped one of its name (beside the
 * config), the bearer token's file the test's, each target (`app-1:3000`) at its replica's address; every
 * interval, path and job as the file has it.
 */
export function prometheusConfigForTest(text: string, place: PrometheusPlace): string {
  type Scrape = {
    authorization?: { credentials_file?: string };
    static_configs?: { targets: string[] }[];
  };
  const config = parseYaml(text) as { rule_files?: string[]; scrape_configs?: Scrape[] };
  config.rule_files = (config.rule_files ?? []).map((file) => path.join(place.rulesDir, path.basename(file)));
  for (const scrape of config.scrape_configs ?? []) {
    if (scrape.authorization?.credentials_file) scrape.authorization.credentials_file = place.tokenFile;
    for (const group of scrape.static_configs ?? [])
      group.targets = group.targets.map((target) => {
        const address = place.targets[target];
        if (!address) throw new Error(`prometheus.yml scrapes ${target}, which is not one of the test's replicas`);
        return address;
      });
  }
  return stringifyYaml(config);
}
