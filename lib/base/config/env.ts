import { readFileSync } from "node:fs";
import { ConfigRefusal } from "./config-refusal";
import { ENV_NAMES, envSchema, FILE_VARIANTS, type Env } from "./env-schema";
import { productionRefusals } from "./production-refusals";

export { ConfigRefusal };

/**
 * The service's configuration: the environment validated against envSchema, once, when the server starts
 * (bootConfig), then frozen. What reads a setting reads config(), never process.env; only tests and the
 * development tooling still read the environment directly.
 */
export type Config = Readonly<Env>;

type Source = Record<string, string | undefined>;

/**
 * NAME_FILE for each secret (Docker and Kubernetes secrets): the file's content less one trailing newline
 * (what `echo` and most editors add) becomes NAME. Returns the values read, by NAME.
 */
export function readSecretFiles(source: Source): Record<string, string> {
  const read: Record<string, string> = {};
  for (const name of FILE_VARIANTS) {
    const file = source[`${name}_FILE`];
    if (file === undefined || file === "") continue;
    if (source[name] !== undefined && source[name] !== "") {
      throw new ConfigRefusal(name, `${name} and ${name}_FILE are both set: set one of them.`);
    }
    let content: string;
    try {
      content = readFileSync(file, "utf8");
    } catch (error) {
      throw new ConfigRefusal(
        `${name}_FILE`,
        `${name}_FILE names ${file}, which cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)}).`,
      );
    }
    read[name] = content.replace(/\r?\n$/, "");
  }
  return read;
}

function isProductionMode(env: Env): boolean {
  return env.NODE_ENV === "production" && env.APP_ENV !== "development";
}

/**
 * The environment, its secret files read, validated: a value of the wrong shape is refused in any mode; the
 * production rules (production-refusals.ts) apply when NODE_ENV=production (APP_ENV=development relaxes them,
 * with the server's loud warning). The first problem is thrown, naming its variable.
 */
export function parseConfig(source: Source, options: { refuse?: boolean } = {}): Config {
  const files = readSecretFiles(source);
  const result = envSchema.safeParse({ ...source, ...files });
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const variable = String(issue.path[0] ?? "environment");
    throw new ConfigRefusal(variable, `${variable} ${issue.message} (it is "${source[variable] ?? ""}").`);
  }
  const env = result.data;
  if (options.refuse !== false && isProductionMode(env)) {
    const [refusal] = productionRefusals(env);
    if (refusal) throw new ConfigRefusal(refusal.variable, refusal.message);
  }
  return Object.freeze(env);
}

/**
 * The configuration read at start-up, kept on the process's global object rather than in this module: Next
 * bundles this file into its route chunks as another instance of the module than the one scripts/server.ts (or
 * the instrumentation) booted, and a module variable would leave the route handlers' config() unbooted, which
 * reads the whole environment again on every call (about 80 µs each, several calls per request).
 */
const holder = globalThis as unknown as { pisBootedConfig?: Config };

/**
 * Reads and checks the configuration once, at start-up (scripts/server.ts, before anything else; the Next
 * runtime's instrumentation for a server started another way). Secret files are written back into the
 * environment as NAME (and NAME_FILE removed) so the cluster's workers and the libraries that read the
 * environment themselves (next-auth, Inngest, pg) see the values.
 */
export function bootConfig(source: Source = process.env): Config {
  applySecretFiles(source);
  holder.pisBootedConfig = parseConfig(source, { refuse: true });
  return holder.pisBootedConfig;
}

/** For tests that boot: the process reads its environment on each config() again, as before the boot. */
export function forgetBootedConfig(): void {
  delete holder.pisBootedConfig;
}

/**
 * The secret files read into the environment as NAME, NAME_FILE removed: what the server does first, and what
 * the migration job and the admin CLI do (they are no servers: production's refusals are not theirs).
 */
export function applySecretFiles(source: Source = process.env): void {
  for (const [name, value] of Object.entries(readSecretFiles(source))) {
    source[name] = value;
    delete source[`${name}_FILE`];
  }
}

/**
 * The configuration: the one read at start-up in a server; elsewhere (the CLI, tests that switch settings)
 * the environment as it is now, its shapes validated the same way (the production refusals are the start-up's).
 */
export function config(): Config {
  const booted = holder.pisBootedConfig;
  if (booted) return booted;
  // Parsed again only when a variable changed (cheaper to compare than to validate).
  const key = WATCHED.map((name) => process.env[name] ?? "").join("\u0000");
  if (current?.key !== key) current = { key, config: parseConfig(process.env, { refuse: false }) };
  return current.config;
}

const WATCHED = [...ENV_NAMES, ...FILE_VARIANTS.map((name) => `${name}_FILE`)];
let current: { key: string; config: Config } | undefined;
