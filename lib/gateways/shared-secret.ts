import { createHmac } from "node:crypto";
import { requireSecret } from "@/lib/config/dev-secrets";
import { hexDigestsEqual } from "@/lib/crypto/hash";

type Purpose = "eiban-bank" | "card-acquirer";

const ENV: Record<Purpose, string> = {
  "eiban-bank": "BANK_WEBHOOK_SECRET",
  "card-acquirer": "ACQUIRER_WEBHOOK_SECRET",
};

/** The secret shared with the bank or the acquirer (each gateway has its own: gateway-secret.ts); derived from the encryption key unless configured. */
function secretFor(purpose: Purpose): string {
  return process.env[ENV[purpose]] || createHmac("sha256", requireSecret("APP_ENCRYPTION_KEY")).update(purpose).digest("hex");
}

/** HMAC-SHA256 of a message body, hex: how the service and its gateways authenticate each other. */
export function signMessage(purpose: Purpose, body: string): string {
  return createHmac("sha256", secretFor(purpose)).update(body).digest("hex");
}

export function verifyMessage(purpose: Purpose, body: string, signature: string | null): boolean {
  return Boolean(signature) && hexDigestsEqual(signMessage(purpose, body), signature!);
}
