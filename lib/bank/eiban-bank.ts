import { settings } from "@/lib/config/settings";
import { sandboxBank } from "./sandbox-bank-adapter";

export type BankTransferRequest = {
  clientRef: string;
  fromIban: string;
  toIban: string;
  recipientName: string;
  amount: string;
  description: string;
};

/**
 * The bank behind E-IBAN wallets. Transfers are accepted at once and settle later through a signed
 * notification to /api/webhooks/bank; incoming payments arrive the same way.
 */
export interface EibanBank {
  /** Idempotent on clientRef: submitting again returns the same bank reference. */
  submitTransfer(request: BankTransferRequest): Promise<{ reference: string }>;
  balance(iban: string): Promise<string>;
}

/** The configured bank adapter; only the sandbox bank ships with the project (decisions §7). */
export function eibanBank(): EibanBank {
  if (settings.sandboxEnabled) return sandboxBank;
  throw new Error("No E-IBAN bank adapter is configured (the sandbox bank is off in production)");
}
