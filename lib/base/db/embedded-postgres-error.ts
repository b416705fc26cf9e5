/** Why the embedded PostgreSQL cannot run here, in one line that says what to do instead. */
export class EmbeddedPostgresError extends Error {
  override name = "EmbeddedPostgresError";
}

/** What a start-up script prints for an error: the one line for the reasons above, the stack otherwise. */
export function describeStartupError(error: unknown): string {
  if (error instanceof EmbeddedPostgresError) return error.message;
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
