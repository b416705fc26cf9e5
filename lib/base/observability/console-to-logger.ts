import { format } from "node:util";
import { logger } from "./logger";

/**
 * Next prints the errors of pages and server actions with console.error in its own format; in the server
 * process those lines go through pino instead (one JSON stream, with the request id when there is one).
 */
export function routeConsoleToLogger(): void {
  const write = (level: "error" | "warn") => (...args: unknown[]) => {
    const error = args.find((a): a is Error => a instanceof Error);
    const err = error ? { name: error.name, message: error.message, stack: error.stack } : undefined;
    logger[level](err ? { err } : {}, format(...args));
  };
  console.error = write("error");
  console.warn = write("warn");
}
