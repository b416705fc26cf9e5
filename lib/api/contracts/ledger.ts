import { dealerBalanceResponseSchema, providerBalanceResponseSchema } from "@/lib/api/schemas/responses/ledger";
import { balanceInputSchema } from "@/lib/api/schemas/ledger";
import type { DealerContract, ProviderContract } from "./contract";

/**
 * Who owes whom, from the ledger (docs/ledger.md): the caller's balances by counterparty, now or as of a past
 * instant. Not in the API documents (additive, docs/decisions.md "Ledger: the balance endpoints").
 */

const AS_OF =
  " Send as_of (ISO 8601 with Z or an offset) for a past instant; a future or malformed one is 422. The answer's " +
  "as_of is the instant read: send it back to read the same figures again. Amounts are decimal strings, negative " +
  "where the other side owes.";

export const LEDGER_CONTRACTS = {
  getBalance: {
    method: "post",
    path: "/api/provider/balance",
    tag: "Balances",
    summary: "Read what each dealer holds for you",
    description:
      "Your balance with each dealer that has carried your money: your deposits and card payments, less your " +
      "withdrawals, refunds and the fees you pay, less what the dealer has settled with you. Positive: the dealer " +
      "owes you; negative: you owe the dealer. total adds them up." +
      AS_OF,
    signature: "timestamp",
    body: balanceInputSchema,
    response: providerBalanceResponseSchema,
  },
} as const satisfies Record<string, ProviderContract>;

export const DEALER_LEDGER_CONTRACTS = {
  getDealerBalance: {
    method: "get",
    path: "/api/dealer/balance",
    tag: "Dealer",
    summary: "Read what you hold for each provider and for the service",
    description:
      "Per provider whose money you carry: what you owe it (owed_to_provider), the service's fees on its money that " +
      "you hold (service_fees) and your own share of those fees (commission); their totals, the money of your own " +
      "API flows (own) and all the cash of the service's flows you hold (cash = the three totals + own)." +
      AS_OF +
      " With the dealer's API key only: not open to site integrations (a website has no business with the dealer's " +
      "books).",
    signature: "dealer",
    scope: null,
    query: balanceInputSchema,
    response: dealerBalanceResponseSchema,
  },
} as const satisfies Record<string, DealerContract>;
