import { z } from "zod";
import { invalidIpEntries } from "@/lib/base/ip/ip-list";

/**
 * Every environment variable the service reads, in one zod schema (docs/deploy.md's "Environment" table is
 * checked against it by env-schema.test.ts). Values are strings in the environment; an empty string counts
 * as unset, so `NAME=` in a compose file means the default. Each entry's description is what the table says
 * in a word; the table itself carries the detail. Production's extra rules (secret strength, https) are
 * production-refusals.ts: they depend on the mode, not on one value.
 */

/** Whether the runtime knows the zone (Intl throws a RangeError for one it does not). */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const unset = (value: unknown) => (value === "" ? undefined : value);

const text = () => z.preprocess(unset, z.string().optional());

const whole = (min: number) =>
  z.preprocess(unset, z.coerce.number().int(`must be a whole number`).min(min, `must be at least ${min}`).optional());

const flag = () =>
  z.preprocess(
    unset,
    z
      .enum(["true", "false", "1", "0"], { message: 'must be "true", "false", "1" or "0"' })
      .transform((v) => v === "true" || v === "1")
      .optional(),
  );

const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(unset, z.enum(values, { message: `must be one of ${values.join(", ")}` }).optional());

const url = () => z.preprocess(unset, z.url("must be an absolute URL").optional());

export const envSchema = z.object({
  // The process and its mode.
  NODE_ENV: oneOf(["development", "production", "test"]),
  APP_ENV: oneOf(["development", "production"]),
  PORT: whole(0),
  HOSTNAME: text(),
  WEB_CONCURRENCY: whole(1),
  SHUTDOWN_TIMEOUT_MS: whole(0),
  LOG_LEVEL: oneOf(["fatal", "error", "warn", "info", "debug", "trace", "silent"]),
  LOG_DESTINATION: oneOf(["stdout", "stderr"]),
  APP_DATA_DIR: text(),
  APP_TIME_ZONE: z.preprocess(
    unset,
    z.string().refine(isTimeZone, 'must be an IANA time zone such as "Europe/Istanbul"').optional(),
  ),
  NEXT_TELEMETRY_DISABLED: text(),
  BENCH_PHASES: text(),
  SCHEMA_ENGINE_DEBUG: text(),

  // The database.
  DATABASE_URL: url(),
  DIRECT_DATABASE_URL: url(),
  DATABASE_POOLER: z.preprocess(
    (v) => (typeof v === "string" ? unset(v.trim().toLowerCase()) : v),
    z.enum(["transaction", "session", "none"], { message: "must be one of transaction, session, none" }).optional(),
  ),
  DATABASE_POOL_MAX: whole(2),
  DATABASE_POOL_SIZE: whole(2),
  EMBEDDED_PG_PORT: whole(1),
  EMBEDDED_PG_SHARED_DIR: text(),

  // Secrets and the public origin.
  APP_ENCRYPTION_KEYS: text(),
  APP_ENCRYPTION_KEY: text(),
  NEXTAUTH_SECRET: text(),
  NEXTAUTH_URL: url(),
  PUBLIC_BASE_URL: url(),
  ALLOW_INSECURE_PUBLIC_BASE_URL: flag(),
  TRUSTED_PROXIES: z.preprocess(
    unset,
    z
      .string()
      .superRefine((value, ctx) => {
        const invalid = invalidIpEntries(value.split(",").filter((entry) => entry.trim()));
        if (invalid.length)
          ctx.addIssue({
            code: "custom",
            message: `must be IP addresses or CIDR ranges separated by commas; not one: ${invalid.join(", ")}`,
          });
      })
      .optional(),
  ),
  BANK_WEBHOOK_SECRET: text(),
  ACQUIRER_WEBHOOK_SECRET: text(),
  METRICS_TOKEN: text(),

  // Background jobs.
  INNGEST_EVENT_KEY: text(),
  INNGEST_SIGNING_KEY: text(),
  INNGEST_BASE_URL: url(),
  INNGEST_DEV: text(),
  JOB_RUNNER: oneOf(["on", "off"]),
  JOB_POLL_INTERVAL_MS: whole(1),

  // Payments, callbacks, the console.
  SANDBOX_ENABLED: flag(),
  SANDBOX_BANK_SETTLE_MS: whole(0),
  CALLBACK_ALLOW_PRIVATE_NETWORKS: flag(),
  CALLBACK_ALLOW_HTTP: flag(),
  CALLBACK_CONCURRENCY_PER_RECEIVER: whole(1),
  CALLBACK_BODY_RETENTION_DAYS: whole(1),
  RATE_LIMIT_PER_MINUTE: whole(1),
  RATE_LIMIT_BUCKET_RETENTION_MINUTES: whole(15),
  LOGIN_ATTEMPTS_PER_ACCOUNT: whole(1),
  LOGIN_ATTEMPTS_PER_IP: whole(1),
  CONSOLE_SESSION_HOURS: whole(1),
  CONSOLE_ADMIN_SECOND_FACTOR: oneOf(["required", "offered"]),
  CONSOLE_ADMIN_SECOND_FACTOR_GRACE_DAYS: z.preprocess(
    unset,
    z.coerce
      .number()
      .int("must be a whole number of days")
      .min(0, "must be from 0 to 90 days")
      .max(90, "must be from 0 to 90 days")
      .optional(),
  ),
  DEPOSIT_TTL_MINUTES: whole(1),
  IDEMPOTENCY_RETENTION_HOURS: whole(24),
  PARTNER_PROTOCOL_V1_UNTIL: z.preprocess(
    unset,
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}(T.*)?$/, "must be an ISO 8601 date such as 2027-06-01T00:00:00+03:00")
      .refine((v) => !Number.isNaN(new Date(v).getTime()), "must be an ISO 8601 date such as 2027-06-01T00:00:00+03:00")
      .optional(),
  ),
  FOUR_EYES_AMOUNT_TOLERANCE: z.preprocess(
    (v) => (typeof v === "string" ? unset(v.trim()) : v),
    z
      .string()
      .regex(/^\d{1,16}(\.\d{1,2})?$/, "must be an amount such as 0.00 or 50.00")
      .optional(),
  ),
  FOUR_EYES_MONEY_OUT_ABOVE: z.preprocess(
    (v) => (typeof v === "string" ? unset(v.trim()) : v),
    z
      .string()
      .regex(/^\d{1,16}(\.\d{1,2})?$/, "must be an amount such as 10000.00")
      .optional(),
  ),
});

export type Env = z.infer<typeof envSchema>;
export type EnvName = keyof Env;

/** Every variable of the schema. */
export const ENV_NAMES = Object.keys(envSchema.shape) as EnvName[];

/**
 * Secrets, which may instead be given as a file (Docker and Kubernetes secrets): NAME_FILE names the file,
 * whose content (less one trailing newline) is the value. Setting both NAME and NAME_FILE is an error.
 */
export const FILE_VARIANTS = [
  "DATABASE_URL",
  "DIRECT_DATABASE_URL",
  "APP_ENCRYPTION_KEYS",
  "APP_ENCRYPTION_KEY",
  "NEXTAUTH_SECRET",
  "BANK_WEBHOOK_SECRET",
  "ACQUIRER_WEBHOOK_SECRET",
  "METRICS_TOKEN",
  "INNGEST_EVENT_KEY",
  "INNGEST_SIGNING_KEY",
] as const satisfies readonly EnvName[];
