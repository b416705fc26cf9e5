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
};
