import { logger } from "./logger";

const fields = (error: unknown) =>
  error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : { value: String(error) };

/**
 * Installed by the server first thing, in the primary and in every worker: an exception nothing caught, or a
 * rejected promise nothing handled, is logged as one JSON line (level fatal, with the error and its stack)
 * and the process exits with 1. Its state is unknown from there on; the cluster's primary starts another
 * worker, and an orchestrator restarts a primary. (Next would otherwise log such errors and carry on.) The
 * line is flushed before the exit: pino writes what is pending synchronously when the process exits.
 */
export function exitOnUnhandledErrors(): void {
  const fatal = (what: string) => (error: unknown) => {
    if (isClientAbort(error)) {
      logger.warn(
        { err: { name: "Error", message: "aborted", code: "ECONNRESET" } },
        "a client closed its connection before its request was answered",
      );
      return;
    }
    logger.fatal({ err: fields(error), pid: process.pid }, `${what}: exiting`);
    process.exit(1);
  };
  process.on("uncaughtException", fatal("uncaught exception"));
  process.on("unhandledRejection", fatal("unhandled rejection"));
}

/**
 * The error Node's HTTP server gives a request whose client hung up before it was answered ("aborted",
 * ECONNRESET, raised in abortIncoming). Next re-emits it on a body stream of its own that nothing listens
 * to, so it surfaces as an uncaught exception; it says nothing about this process's state, and exiting on
 * it would let any client that gives up on a request (or a job's call that timed out) kill the worker.
 */
export function isClientAbort(error: unknown): boolean {
  return (
    error instanceof Error && error.message === "aborted" && (error as NodeJS.ErrnoException).code === "ECONNRESET"
  );
}

/**
 * A start-up that failed: one fatal JSON line, its first line as the message (a refusal names the setting), then exit
 * 1.
 */
export function exitOnStartupFailure(line: string, error: unknown): never {
  logger.fatal({ err: fields(error) }, line);
  process.exit(1);
}

/**
 * A start refused for what the operator must fix: one fatal JSON line listing every problem (`problems`, and the
 * message naming them all), no stack trace, then exit 1.
 */
export function exitOnStartupRefusal(problems: string[], exitCode = 1): never {
  const line =
    problems.length === 1
      ? problems[0]!
      : `refusing to start, ${problems.length} problems: ${problems.map((p, i) => `(${i + 1}) ${p}`).join(" ")}`;
  logger.fatal({ problems }, line);
  process.exit(exitCode);
}
