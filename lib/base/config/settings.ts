import { isProduction } from "./dev-secrets";

function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

/** Settings read from the environment; every variable is listed in the README's configuration table. */
export const settings = {
  get timeZone() {
    return process.env.APP_TIME_ZONE || "Europe/Istanbul";
  },
  get timestampToleranceSeconds() {
    return 300;
  },
  get depositTtlMinutes() {
    return intFromEnv("DEPOSIT_TTL_MINUTES", 30);
  },
  get trustedProxies(): string[] {
    return (process.env.TRUSTED_PROXIES ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  },
  get publicBaseUrl(): string {
    const explicit = process.env.PUBLIC_BASE_URL || process.env.NEXTAUTH_URL;
    return (explicit || `http://localhost:${process.env.PORT || 3000}`).replace(/\/+$/, "");
  },
  get sandboxEnabled(): boolean {
    const flag = process.env.SANDBOX_ENABLED;
    return flag === undefined || flag === "" ? !isProduction() : flag === "true" || flag === "1";
  },
  /**
   * Until when the http-partner protocol's version 1 (a signature over the body only) is still accepted,
   * both ways (docs/partner-protocol.md, "Transition"); version 2 alone afterwards. An earlier date ends the
   * transition sooner, once every partner signs version 2.
   */
  get partnerV1AcceptedUntil(): Date {
    const raw = (process.env.PARTNER_PROTOCOL_V1_UNTIL ?? "").trim() || "2027-06-01T00:00:00+03:00";
    const at = new Date(raw);
    if (!/^\d{4}-\d{2}-\d{2}(T.*)?$/.test(raw) || Number.isNaN(at.getTime())) throw new Error(`PARTNER_PROTOCOL_V1_UNTIL must be an ISO 8601 date such as 2027-06-01T00:00:00+03:00, got "${raw}"`);
    return at;
  },
  /**
   * Four eyes (docs/deploy.md): a staff completion whose amount differs from the requested one by more
   * than this (a decimal string, TRY) needs a second admin. 0.00, the default, means any difference.
   */
  get fourEyesAmountTolerance(): string {
    const raw = (process.env.FOUR_EYES_AMOUNT_TOLERANCE ?? "").trim();
    if (raw === "") return "0.00";
    if (!/^\d{1,16}(\.\d{1,2})?$/.test(raw)) throw new Error(`FOUR_EYES_AMOUNT_TOLERANCE must be an amount such as 0.00 or 50.00, got "${raw}"`);
    return raw;
  },
  get maxBodyBytes() {
    return 64 * 1024;
  },
  /** Idempotency records are deleted this long after their request; never below the 24 h replay window. */
  get idempotencyRetentionHours() {
    const hours = intFromEnv("IDEMPOTENCY_RETENTION_HOURS", 48);
    if (hours < 24) throw new Error(`IDEMPOTENCY_RETENTION_HOURS must be at least 24 (the replay window), got ${hours}`);
    return hours;
  },
  /** Callback attempts keep their request body and response excerpt this long; the attempt row stays. */
  get callbackBodyRetentionDays() {
    return intFromEnv("CALLBACK_BODY_RETENTION_DAYS", 90);
  },
  /** Rate-limit buckets are deleted once their window started this long ago (the longest window is 15 min). */
  get rateLimitBucketRetentionMinutes() {
    const minutes = intFromEnv("RATE_LIMIT_BUCKET_RETENTION_MINUTES", 60);
    if (minutes < 15) throw new Error(`RATE_LIMIT_BUCKET_RETENTION_MINUTES must be at least 15 (the longest window), got ${minutes}`);
    return minutes;
  },
  /**
   * Whether admins must sign in with a second factor before approving, paying out or refunding: "required"
   * (production's default) or "offered" (development's, so the demo logins keep working).
   */
  get adminSecondFactor(): "required" | "offered" {
    const value = process.env.CONSOLE_ADMIN_SECOND_FACTOR;
    if (value === "required" || value === "offered") return value;
    if (value) throw new Error(`CONSOLE_ADMIN_SECOND_FACTOR must be "required" or "offered", got "${value}"`);
    return isProduction() ? "required" : "offered";
  },
  /**
   * Days an admin has, from the account's creation, to set up the second factor where it is required: until
   * then money actions work and every page says by when; after, they are refused until it is set up.
   */
  get adminSecondFactorGraceDays(): number {
    const raw = process.env.CONSOLE_ADMIN_SECOND_FACTOR_GRACE_DAYS;
    if (raw === undefined || raw === "") return 7;
    const days = Number(raw);
    // 0: no grace, as before the grace period existed.
    if (!Number.isInteger(days) || days < 0 || days > 90) throw new Error(`CONSOLE_ADMIN_SECOND_FACTOR_GRACE_DAYS must be a whole number of days from 0 to 90, got "${raw}"`);
    return days;
  },
  /** Bearer token for /api/metrics; unset, the endpoint answers 404 in production and is open in development. */
  get metricsToken(): string | null {
    return process.env.METRICS_TOKEN || null;
  },
};
