import { format } from "node:util";
import { logger } from "./logger";

/**
 * Next prints its start-up notes and the errors of pages and server actions with console.* in its own
 * format; in the server process those lines go through pino instead (one JSON stream, with the request id
 * when there is one). Routed before Next is loaded, so nothing the server prints is plain text.
 */
export function routeConsoleToLogger(): void {
  const write =
    (level: "error" | "warn" | "info" | "debug") =>
    (...args: unknown[]) => {
      const error = args.find((a): a is Error => a instanceof Error);
      const err = error ? { name: error.name, message: error.message, stack: error.stack } : undefined;
      // Next's coloured prefixes (✓, ⚠, ▲ and ANSI colours) carry nothing a log line needs.
      logger[level](err ? { err } : {}, format(...args).replace(/\u001b\[[0-9;]*m/g, ""));
    };
  console.error = write("error");
  console.warn = write("warn");
  console.log = write("info");
  console.info = write("info");
  console.debug = write("debug");
}
