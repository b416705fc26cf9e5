import { createHmac } from "node:crypto";
import { requireSecret } from "@/lib/config/dev-secrets";
import { hexDigestsEqual } from "@/lib/crypto/hash";

export const BANK_SIGNATURE_HEADER = "x-bank-signature";

/** Shared secret of the service and its E-IBAN bank; derived from the encryption key unless set. */
function bankSecret(): string {
  return process.env.BANK_WEBHOOK_SECRET || createHmac("sha256", requireSecret("APP_ENCRYPTION_KEY")).update("eiban-bank").digest("hex");
}

export function signBankMessage(body: string): string {
  return createHmac("sha256", bankSecret()).update(body).digest("hex");
}

export function verifyBankMessage(body: string, signature: string | null): boolean {
  return Boolean(signature) && hexDigestsEqual(signBankMessage(body), signature!);
}
