import { ConfigRefusal } from "@/lib/base/config/config-refusal";

/** Why the embedded PostgreSQL cannot run here, in one line that says what to do instead. */
export class EmbeddedPostgresError extends Error {
  override name = "EmbeddedPostgresError";
}

/** A start-up refused for a setting production lacks: one line that names it. */
export class StartupRefusal extends Error {
  override name = "StartupRefusal";
}

/**
 * What a start-up script prints for an error: the one line for the reasons above (and a refused setting), the stack
 * otherwise.
 */
export function describeStartupError(error: unknown): string {
  if (error instanceof EmbeddedPostgresError || error instanceof StartupRefusal || error instanceof ConfigRefusal)
    return error.message;
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

/**
 * A start refused for what the operator must fix (a setting, a database that cannot run here): its problems, one
 * line each, to print as a list without a stack trace; null for an unexpected error, whose stack helps.
 */
export function startupRefusalLines(error: unknown): string[] | null {
  if (error instanceof ConfigRefusal) return error.problems.map((p) => p.message);
  if (error instanceof EmbeddedPostgresError || error instanceof StartupRefusal) return [error.message];
  return null;
}
