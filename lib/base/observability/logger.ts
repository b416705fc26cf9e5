import pino from "pino";
import { currentRequestContext } from "./request-context";

/**
 * Structured JSON logs on stdout (stderr in the admin CLI). Secrets, hashes, card data and full IBANs are never passed
 * to the logger;
 * the redaction is a second line of defence for fields that must not appear even by mistake.
 */
/**
 * The level the environment asks for, read before the configuration is (this logger reports its problems): one
 * pino does not know would crash the process with pino's own stack trace, so it falls back here and the
 * configuration's check names it.
 */
function initialLevel(): string {
  const asked = process.env.LOG_LEVEL;
  if (asked && asked in pino.levels.values) return asked;
  if (asked === "silent") return asked;
  return process.env.NODE_ENV === "test" ? "warn" : "info";
}

export const logger = pino(
  {
    level: initialLevel(),
    base: { service: "payment-integration-service" },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    // Whatever is logged while a request is handled names it, so an error can be found from its request id.
    mixin: () => {
      const requestId = currentRequestContext()?.requestId;
      return requestId ? { request_id: requestId } : {};
    },
    redact: {
      paths: [
        "secret",
        "secretKey",
        "secret_key",
        "hash",
        "x-hash",
        "password",
        "card",
        "cardNumber",
        "iban",
        "*.secret",
        "*.secretKey",
        "*.hash",
        "*.password",
        "*.iban",
        "headers.x-hash",
      ],
      censor: "[redacted]",
    },
  },
  // Asynchronous writes: a busy stdout pipe must not block request handling (pino's default is a synchronous
  // write that sleeps until the pipe drains); pino flushes what is pending when the process exits.
  pino.destination({ dest: logsToStderr() ? 2 : 1, sync: false }),
);

/**
 * The admin CLI's stdout is its one JSON answer, which a script parses: its logs go to stderr. Both forms of
 * it: the source through tsx (scripts/admin.ts) and the bundle the image runs (dist/admin.js).
 */
function logsToStderr(): boolean {
  return (
    process.env.LOG_DESTINATION === "stderr" ||
    /(?:scripts[\\/]admin\.ts|dist[\\/]admin\.js)$/.test(process.argv[1] ?? "")
  );
}
