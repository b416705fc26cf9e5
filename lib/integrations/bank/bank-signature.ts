import { signMessage, verifyMessage } from "@/lib/integrations/gateways/shared-secret";

export const BANK_SIGNATURE_HEADER = "x-bank-signature";

export function signBankMessage(body: string): string {
  return signMessage("eiban-bank", body);
}

export function verifyBankMessage(body: string, signature: string | null): boolean {
  return verifyMessage("eiban-bank", body, signature);
}
