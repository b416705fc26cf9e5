import { readFileSync } from "node:fs";
import type { z } from "zod";
import { ConfigRefusal, type ConfigProblem } from "./config-refusal";
import { ENV_NAMES, envSchema, FILE_VARIANTS, type Env } from "./env-schema";
import { productionRefusals } from "./production-refusals";
import { isProductionMode } from "./run-mode";

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
 * (what `echo` and most editors add) becomes NAME. The values read, by NAME, and what could not be read.
 */
function secretFiles(source: Source): { read: Record<string, string>; problems: ConfigProblem[] } {
  const read: Record<string, string> = {};
  const problems: ConfigProblem[] = [];
  for (const name of FILE_VARIANTS) {
    const file = source[`${name}_FILE`];
    if (file === undefined || file === "") continue;
    if (source[name] !== undefined && source[name] !== "") {
      problems.push({ variable: name, message: `${name} and ${name}_FILE are both set: set one of them.` });
      continue;
    }
    try {
      read[name] = readFileSync(file, "utf8").replace(/\r?\n$/, "");
    } catch (error) {
      const why = (error as NodeJS.ErrnoException).code ?? String(error);
      problems.push({
        variable: `${name}_FILE`,
        message: `${name}_FILE names ${file}, which cannot be read (${why}).`,
      });
    }
  }
  return { read, problems };
}

/** Each variable's first problem with its shape, in the schema's order. */
function shapeProblems(issues: readonly z.core.$ZodIssue[], source: Source): ConfigProblem[] {
  const seen = new Map<string, ConfigProblem>();
  for (const issue of issues) {
    const variable = String(issue.path[0] ?? "environment");
    if (!seen.has(variable))
      seen.set(variable, { variable, message: `${variable} ${issue.message} (it is "${source[variable] ?? ""}").` });
  }
  return [...seen.values()];
}

/**
 * The environment, its secret files read, validated: a value of the wrong shape is refused in any mode; the
 * production rules (production-refusals.ts) apply in production mode (run-mode.ts: NODE_ENV=production unless
 * APP_ENV=development, which relaxes them with the server's loud warning). Every problem is reported at once,
 * each naming its variable.
 */
export function parseConfig(source: Source, options: { refuse?: boolean } = {}): Config {
  const files = secretFiles(source);
  const result = envSchema.safeParse({ ...source, ...files.read });
  const problems = [...files.problems, ...(result.success ? [] : shapeProblems(result.error.issues, source))];
  // The production rules read the values that have a valid shape (the others are already named above).
  const valid = result.success ? result.data : envSchema.safeParse(validOnly(source, files.read)).data;
  if (options.refuse !== false && valid && isProductionMode(valid)) {
    const named = new Set(problems.map((p) => p.variable));
    problems.push(...productionRefusals(valid).filter((r) => !named.has(r.variable)));
  }
  if (problems.length || !result.success) throw new ConfigRefusal(problems);
  return Object.freeze(result.data);
}

/** The variables whose own value passes the schema (to apply production's rules beside shape problems). */
function validOnly(source: Source, files: Record<string, string>): Source {
  const merged: Source = { ...source, ...files };
  const kept: Source = {};
  for (const name of ENV_NAMES) {
    const field = envSchema.shape[name];
    if (field.safeParse(merged[name]).success) kept[name] = merged[name];
  }
  return kept;
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
 * The secret files read into the environment as NAME, NAME_FILE removed: what an entry point does first. A file
 * that cannot be read stays named, for parseConfig to report with every other problem.
 */
export function applySecretFiles(source: Source = process.env): void {
  for (const [name, value] of Object.entries(secretFiles(source).read)) {
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
