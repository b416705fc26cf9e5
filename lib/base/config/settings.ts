import { isProduction } from "./dev-secrets";
import { config } from "./env";
import { PARTNER_PROTOCOL_V1_TRANSITION_END } from "./production-refusals";

/** Settings from the validated configuration (./env.ts; its schema checks each value's shape), with their defaults. */
export const settings = {
  get timeZone() {
    return config().APP_TIME_ZONE || "Europe/Istanbul";
  },
  get timestampToleranceSeconds() {
    return 300;
  },
  get depositTtlMinutes() {
    return config().DEPOSIT_TTL_MINUTES ?? 30;
  },
  get trustedProxies(): string[] {
    return (config().TRUSTED_PROXIES ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
  },
  get publicBaseUrl(): string {
    const { PUBLIC_BASE_URL, NEXTAUTH_URL, PORT } = config();
    // Production refuses to start without PUBLIC_BASE_URL; the fallbacks serve development and the CLI.
    return (PUBLIC_BASE_URL || NEXTAUTH_URL || `http://localhost:${PORT ?? 3000}`).replace(/\/+$/, "");
  },
  get sandboxEnabled(): boolean {
    return config().SANDBOX_ENABLED ?? !isProduction();
  },
  /**
   * Until when the http-partner protocol's version 1 (a signature over the body only) is still accepted,
   * both ways (docs/partner-protocol.md, "Transition"); version 2 alone afterwards. An earlier date ends the
   * transition sooner, once every partner signs version 2.
   */
  get partnerV1AcceptedUntil(): Date {
    return new Date(config().PARTNER_PROTOCOL_V1_UNTIL?.trim() || PARTNER_PROTOCOL_V1_TRANSITION_END);
  },
  /**
   * Four eyes (docs/deploy.md): a staff completion whose amount differs from the requested one by more
   * than this (a decimal string, TRY) needs a second admin. 0.00, the default, means any difference.
   */
  get fourEyesAmountTolerance(): string {
    return config().FOUR_EYES_AMOUNT_TOLERANCE ?? "0.00";
  },
  /**
   * Four eyes on money out (docs/deploy.md): paying out more than this (a decimal string, TRY) needs a second
   * admin: a manual withdrawal marked paid, an E-IBAN withdrawal taken to be sent, a card refund, a transfer sent
   * from a wallet. 0.00 means every one.
   */
  get fourEyesMoneyOutAbove(): string {
    return config().FOUR_EYES_MONEY_OUT_ABOVE ?? "10000.00";
  },
  get maxBodyBytes() {
    return 64 * 1024;
  },
  /** Idempotency records are deleted this long after their request; never below the 24 h replay window. */
  get idempotencyRetentionHours() {
    // The schema refuses less than 24.
    return config().IDEMPOTENCY_RETENTION_HOURS ?? 48;
  },
  /** Callback attempts keep their request body and response excerpt this long; the attempt row stays. */
  get callbackBodyRetentionDays() {
    return config().CALLBACK_BODY_RETENTION_DAYS ?? 90;
  },
  /** Rate-limit buckets are deleted once their window started this long ago (the longest window is 15 min). */
  get rateLimitBucketRetentionMinutes() {
    // The schema refuses less than 15.
    return config().RATE_LIMIT_BUCKET_RETENTION_MINUTES ?? 60;
  },
  /**
   * Whether admins must sign in with a second factor before approving, paying out or refunding: "required"
   * (production's default) or "offered" (development's, so the demo logins keep working).
   */
  get adminSecondFactor(): "required" | "offered" {
    return config().CONSOLE_ADMIN_SECOND_FACTOR ?? (isProduction() ? "required" : "offered");
  },
  /**
   * Days an admin has, from the account's creation, to set up the second factor where it is required: until
   * then money actions work and every page says by when; after, they are refused until it is set up.
   */
  get adminSecondFactorGraceDays(): number {
    // 0: no grace, as before the grace period existed.
    return config().CONSOLE_ADMIN_SECOND_FACTOR_GRACE_DAYS ?? 7;
  },
  /** Bearer token for /api/metrics; unset, the endpoint answers 404 in production and is open in development. */
  get metricsToken(): string | null {
    return config().METRICS_TOKEN || null;
  },
};
