import {
  dealerDepositSchema,
  dealerWithdrawalSchema,
  depositRequestSchema,
  withdrawalRequestSchema,
} from "@/lib/api/schemas/payment-requests";
import * as dealer from "@/lib/api/schemas/responses/dealer-responses";
import * as provider from "@/lib/api/schemas/responses/provider-responses";
import type { DealerContract, ProviderContract } from "./contract";

/** Method 1, manual bank transfer: the provider's endpoints. */
export const MANUAL_BANK_CONTRACTS = {
  startManualDeposit: {
    method: "post",
    path: "/api/provider/start-manual-deposit",
    tag: "Manual bank",
    summary: "Start a manual bank deposit",
    description:
      "Redirect the customer to payment_url: they may change the amount, see the IBAN and confirm the transfer. " +
      "Staff approve it; the deposit callback reports completed, canceled or expired.",
    signature: "credential-key",
    body: depositRequestSchema,
    response: provider.manualDepositResponseSchema,
    extraErrors: [409],
    idempotent: true,
  },
  startManualWithdrawal: {
    method: "post",
    path: "/api/provider/start-manual-withdraw",
    tag: "Manual bank",
    summary: "Start a manual bank withdrawal",
    description:
      "Processed by staff of the dealer assigned to the site; the withdrawal callback reports completed, rejected, " +
      "failed or canceled.",
    signature: "credential-key",
    body: withdrawalRequestSchema,
    response: provider.manualWithdrawalResponseSchema,
    extraErrors: [409],
    idempotent: true,
  },
} as const satisfies Record<string, ProviderContract>;

/** Method 1 for dealers: a manual IBAN offered for a deposit, a withdrawal request. */
export const DEALER_MANUAL_BANK_CONTRACTS = {
  startDealerDeposit: {
    method: "post",
    path: "/api/dealer/manual-iban/deposit",
    tag: "Dealer",
    summary: "Get a manual IBAN for a deposit",
    description: "An active bank account of the dealer whose limits fit the amount is offered.",
    signature: "dealer",
    scope: "deposits",
    body: dealerDepositSchema,
    response: dealer.dealerDepositResponseSchema,
    extraErrors: [409],
    idempotent: true,
  },
  startDealerWithdrawal: {
    method: "post",
    path: "/api/dealer/manual-iban/withdraw",
    tag: "Dealer",
    summary: "Create a manual IBAN withdrawal request",
    signature: "dealer",
    scope: "withdrawals",
    body: dealerWithdrawalSchema,
    response: dealer.dealerWithdrawalResponseSchema,
    extraErrors: [409],
    idempotent: true,
    movesMoney: true,
  },
} as const satisfies Record<string, DealerContract>;
