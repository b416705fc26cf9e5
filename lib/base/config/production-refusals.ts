import { isLoopbackHost } from "@/lib/base/ip/ip-list";
import type { Env } from "./env-schema";

/**
 * What production refuses to start with (docs/deploy.md, "Configuration"; decisions, "One validated
 * configuration"). Each refusal names its variable first, so the fatal log line says what to fix.
 */
export type Refusal = { variable: string; message: string };

export const MIN_SECRET_LENGTH = 32;
/** Estimated bits a secret must carry (the estimate reads a random 32-character hex string at about 115). */
const MIN_SECRET_BITS = 100;

/**
 * The end of the http-partner protocol's version 1 (a signature over the body only) that docs/partner-protocol.md
 * announces: PARTNER_PROTOCOL_V1_UNTIL may end it sooner, never later.
 */
export const PARTNER_PROTOCOL_V1_TRANSITION_END = "2027-06-01T00:00:00+03:00";

/**
 * An estimate of a secret's entropy from its own characters (length times the Shannon entropy of their
 * frequencies): `x` repeated, `abababab…` or a word typed twice score far below a random string of the same
 * length. It cannot see that a random-looking string was not random; it catches the typed ones.
 */
export function estimatedBits(secret: string): number {
  const counts = new Map<string, number>();
  for (const ch of secret) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  const length = [...secret].length;
  let perChar = 0;
  for (const count of counts.values()) perChar -= (count / length) * Math.log2(count / length);
  return perChar * length;
}

/** Why a shared secret or signing key is too weak, or null. */
export function weakSecretProblem(name: string, value: string | undefined): string | null {
  if (!value) return `${name} must be set in production`;
  if (value.length < MIN_SECRET_LENGTH)
    return (
      `${name} is too short: at least ${MIN_SECRET_LENGTH} characters of a random source (openssl rand -base64 ` +
      `32); it has ${value.length}`
    );
  if (new Set(value).size < 8 || estimatedBits(value) < MIN_SECRET_BITS)
    return (
      `${name} has too little entropy (repeated or typed characters): use a random value (openssl rand ` + `-base64 32)`
    );
  return null;
}

/**
 * Why an encryption key is not 32 random bytes, or null: not 32 bytes of base64, or bytes that no random
 * source gives (all zero, one byte repeated, or fewer than 16 distinct bytes in 32, which a random key
 * has with a probability below 10^-20).
 */
export function weakKeyProblem(name: string, base64: string): string | null {
  const key = Buffer.from(base64.trim(), "base64");
  if (key.length !== 32) return `${name} must be 32 bytes, base64-encoded (openssl rand -base64 32)`;
  const distinct = new Set(key).size;
  if (distinct === 1)
    return (
      `${name} is one byte repeated ` +
      `(${key[0] === 0 ? "all zero" : `0x${key[0]!.toString(16).padStart(2, "0")}`}): use 32 random bytes (openssl ` +
      `rand -base64 32)`
    );
  if (distinct < 16)
    return `${name} is not 32 random bytes (only ${distinct} distinct bytes): use openssl rand -base64 32`;
  return null;
}

function encryptionKeyRefusals(env: Env): Refusal[] {
  const refusals: Refusal[] = [];
  const check = (variable: string, label: string, base64: string) => {
    const problem = weakKeyProblem(label, base64);
    if (problem) refusals.push({ variable, message: problem });
  };
  if (env.APP_ENCRYPTION_KEYS) {
    for (const entry of env.APP_ENCRYPTION_KEYS.split(",")
      .map((s) => s.trim())
      .filter(Boolean)) {
      const colon = entry.indexOf(":");
      check(
        "APP_ENCRYPTION_KEYS",
        `APP_ENCRYPTION_KEYS key "${entry.slice(0, Math.max(colon, 0))}"`,
        entry.slice(colon + 1),
      );
    }
  } else if (!env.APP_ENCRYPTION_KEY) {
    refusals.push({
      variable: "APP_ENCRYPTION_KEY",
      message: "APP_ENCRYPTION_KEY must be set in production (or APP_ENCRYPTION_KEYS, the keyring)",
    });
  }
  if (env.APP_ENCRYPTION_KEY) check("APP_ENCRYPTION_KEY", "APP_ENCRYPTION_KEY", env.APP_ENCRYPTION_KEY);
  return refusals;
}

/** Why an origin is not fit for production (https, or plain http on this machine with the opt-out), or null. */
function originProblem(variable: string, value: string, env: Env, what: string): Refusal | null {
  const url = new URL(value);
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:" && isLoopbackHost(url.hostname) && env.ALLOW_INSECURE_PUBLIC_BASE_URL) return null;
  return {
    variable,
    message:
      `${variable} must be an https URL in production (it is ${url.origin}): ${what}; plain http is allowed only ` +
      `for 127.0.0.1 or localhost with ALLOW_INSECURE_PUBLIC_BASE_URL=1`,
  };
}

function publicOriginRefusals(env: Env): Refusal[] {
  const refusals: Refusal[] = [];
  if (!env.PUBLIC_BASE_URL)
    refusals.push({
      variable: "PUBLIC_BASE_URL",
      message:
        "PUBLIC_BASE_URL must be set in production: the https origin customers and partners reach (payment URLs, " +
        "return and notify URLs, secure cookies)",
    });
  else {
    const problem = originProblem("PUBLIC_BASE_URL", env.PUBLIC_BASE_URL, env, "customers and partners reach it");
    if (problem) refusals.push(problem);
  }
  if (env.NEXTAUTH_URL) {
    const problem = originProblem("NEXTAUTH_URL", env.NEXTAUTH_URL, env, "the console's sign-in and its cookies");
    if (problem) refusals.push(problem);
  }
  return refusals;
}

/**
 * Switches that production must not have on: the sandbox (its bank and acquirer book money on a shared secret and
 * a test form) outside this machine, and protocol v1 past its announced end.
 */
function switchRefusals(env: Env): Refusal[] {
  const refusals: Refusal[] = [];
  const origin = env.PUBLIC_BASE_URL ? URL.parse(env.PUBLIC_BASE_URL) : null;
  if (env.SANDBOX_ENABLED === true && !(origin && isLoopbackHost(origin.hostname)))
    refusals.push({
      variable: "SANDBOX_ENABLED",
      message:
        "SANDBOX_ENABLED must not be true in production: the sandbox bank and acquirer would book deposits and card " +
        "payments nobody paid. It is allowed only where PUBLIC_BASE_URL is 127.0.0.1 or localhost (tests, a local try)",
    });
  if (env.CONSOLE_ADMIN_SECOND_FACTOR === "offered" && !(origin && isLoopbackHost(origin.hostname)))
    refusals.push({
      variable: "CONSOLE_ADMIN_SECOND_FACTOR",
      message:
        "CONSOLE_ADMIN_SECOND_FACTOR must not be offered in production: admins approve, pay out and refund, and a " +
        "password alone must not move money. Leave it unset (required). It is allowed only where PUBLIC_BASE_URL is " +
        "127.0.0.1 or localhost (tests, a local try)",
    });
  const until = env.PARTNER_PROTOCOL_V1_UNTIL?.trim();
  if (until && new Date(until).getTime() > new Date(PARTNER_PROTOCOL_V1_TRANSITION_END).getTime())
    refusals.push({
      variable: "PARTNER_PROTOCOL_V1_UNTIL",
      message:
        `PARTNER_PROTOCOL_V1_UNTIL must not be later than ${PARTNER_PROTOCOL_V1_TRANSITION_END} in production ` +
        '(docs/partner-protocol.md, "Transition"): version 1 signs the body only, so its requests can be replayed ' +
        "on another path",
    });
  return refusals;
}

/** Every refusal for a production environment, in the order they are reported. */
export function productionRefusals(env: Env): Refusal[] {
  const refusals: Refusal[] = [];
  const nextAuth = weakSecretProblem("NEXTAUTH_SECRET", env.NEXTAUTH_SECRET);
  if (nextAuth) refusals.push({ variable: "NEXTAUTH_SECRET", message: nextAuth });
  refusals.push(...encryptionKeyRefusals(env));
  // Inngest's development mode accepts unsigned requests to /api/inngest: anyone could run our jobs.
  if (env.INNGEST_DEV)
    refusals.push({
      variable: "INNGEST_DEV",
      message:
        "INNGEST_DEV must not be set in production: it turns off the signing of /api/inngest. Use INNGEST_EVENT_KEY " +
        "and INNGEST_SIGNING_KEY (with INNGEST_BASE_URL for a self-hosted Inngest)",
    });
  if (env.INNGEST_EVENT_KEY && !env.INNGEST_SIGNING_KEY)
    refusals.push({
      variable: "INNGEST_SIGNING_KEY",
      message:
        "INNGEST_SIGNING_KEY must be set in production when INNGEST_EVENT_KEY is: without it /api/inngest cannot " +
        "verify who calls it",
    });
  refusals.push(...publicOriginRefusals(env));
  refusals.push(...switchRefusals(env));
  // The bank's and the acquirer's shared secrets sign money messages: as strong as the console's.
  for (const variable of ["BANK_WEBHOOK_SECRET", "ACQUIRER_WEBHOOK_SECRET"] as const) {
    const problem = weakSecretProblem(variable, env[variable]);
    if (problem) refusals.push({ variable, message: problem });
  }
  return refusals;
}
