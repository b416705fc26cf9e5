import { signMessage } from "@/lib/integrations/gateways/shared-secret";

export const BANK_SIGNATURE_HEADER = "x-bank-signature";

export function signBankMessage(body: string): string {
  return signMessage("eiban-bank", body);
}
