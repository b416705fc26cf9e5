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
 * notification to /api/webhooks/bank; incoming payments arrive the same way. Adapters implement this;
 * eiban-bank.ts picks the configured one.
 */
export interface EibanBank {
  /** Idempotent on clientRef: submitting again returns the same bank reference. */
  submitTransfer(request: BankTransferRequest): Promise<{ reference: string }>;
  balance(iban: string): Promise<string>;
}
