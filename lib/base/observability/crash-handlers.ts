import { logger } from "./logger";

const fields = (error: unknown) => (error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : { value: String(error) });

/**
 * Installed by the server first thing, in the primary and in every worker: an exception nothing caught, or a
 * rejected promise nothing handled, is logged as one JSON line (level fatal, with the error and its stack)
 * and the process exits with 1. Its state is unknown from there on; the cluster's primary starts another
 * worker, and an orchestrator restarts a primary. (Next would otherwise log such errors and carry on.) The
 * line is flushed before the exit: pino writes what is pending synchronously when the process exits.
 */
export function exitOnUnhandledErrors(): void {
  const fatal = (what: string) => (error: unknown) => {
    logger.fatal({ err: fields(error), pid: process.pid }, `${what}: exiting`);
    process.exit(1);
  };
  process.on("uncaughtException", fatal("uncaught exception"));
  process.on("unhandledRejection", fatal("unhandled rejection"));
}

/** A start-up that failed: one fatal JSON line, its first line as the message (a refusal names the setting), then exit 1. */
export function exitOnStartupFailure(line: string, error: unknown): never {
  logger.fatal({ err: fields(error) }, line);
  process.exit(1);
}
