import { createHmac } from "node:crypto";
import { isProduction, requireSecret } from "@/lib/base/config/dev-secrets";
import { hexDigestsEqual } from "@/lib/base/crypto/hash";
import { config } from "@/lib/base/config/env";

type Purpose = "eiban-bank" | "card-acquirer";

const ENV: Record<Purpose, "BANK_WEBHOOK_SECRET" | "ACQUIRER_WEBHOOK_SECRET"> = {
  "eiban-bank": "BANK_WEBHOOK_SECRET",
  "card-acquirer": "ACQUIRER_WEBHOOK_SECRET",
};

/**
 * The secret shared with the bank or the acquirer (each gateway has its own: gateway-secret.ts). Production
 * needs it set explicitly, so it can be rotated and shared without the encryption key; only development
 * derives one from the encryption key.
 */
function secretFor(purpose: Purpose): string {
  const configured = config()[ENV[purpose]];
  if (configured) return configured;
  if (isProduction()) throw new Error(`${ENV[purpose]} must be set in production`);
  return createHmac("sha256", requireSecret("APP_ENCRYPTION_KEY")).update(purpose).digest("hex");
}

/**
 * The secret itself, for a connector configured with it (the sandbox bank's http-partner configuration, the sandbox
 * acquirer's store key).
 */
export function sharedSecret(purpose: Purpose): string {
  return secretFor(purpose);
}

/** Fails start-up in production when a webhook secret is missing, rather than the first notification. */
export function assertWebhookSecrets(): void {
  for (const purpose of Object.keys(ENV) as Purpose[]) secretFor(purpose);
}

/** HMAC-SHA256 of a message body, hex: how the service and its gateways authenticate each other. */
export function signMessage(purpose: Purpose, body: string): string {
  return createHmac("sha256", secretFor(purpose)).update(body).digest("hex");
}

export function verifyMessage(purpose: Purpose, body: string, signature: string | null): boolean {
  return Boolean(signature) && hexDigestsEqual(signMessage(purpose, body), signature!);
}
