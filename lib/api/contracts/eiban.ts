import { sendMoneySchema, transactionsQuerySchema, transferStatusQuerySchema } from "@/lib/api/schemas/dealer-api";
import { depositRequestSchema, withdrawalRequestSchema } from "@/lib/api/schemas/payment-requests";
import * as dealer from "@/lib/api/schemas/responses/dealer-responses";
import * as provider from "@/lib/api/schemas/responses/provider-responses";
import type { DealerContract, ProviderContract } from "./contract";

/** Method 2, E-IBAN: the provider's endpoints. */
export const EIBAN_CONTRACTS = {
  startEibanDeposit: {
    method: "post",
    path: "/api/provider/start-eiban-deposit",
    tag: "E-IBAN",
    summary: "Start an E-IBAN deposit",
    description: "Completes automatically when the E-IBAN account reports a matching incoming payment.",
    signature: "credential-key",
    body: depositRequestSchema,
    response: provider.eibanDepositResponseSchema,
    extraErrors: [409],
    idempotent: true,
  },
  startEibanWithdrawal: {
    method: "post",
    path: "/api/provider/start-eiban-withdraw",
    tag: "E-IBAN",
    summary: "Start an E-IBAN withdrawal",
    description:
      "Once approved it is sent as a transfer from the dealer's E-IBAN wallet; the bank's settlement completes it.",
    signature: "credential-key",
    body: withdrawalRequestSchema,
    response: provider.eibanWithdrawalResponseSchema,
    extraErrors: [409],
    idempotent: true,
  },
} as const satisfies Record<string, ProviderContract>;

/** The dealer's E-IBAN wallets: balances, history, sending money and following the transfer. */
export const DEALER_EIBAN_CONTRACTS = {
  listEibans: {
    method: "get",
    path: "/api/dealer/eibans",
    tag: "Dealer E-IBAN",
    summary: "List the dealer's E-IBAN accounts and balances",
    signature: "dealer",
    scope: "eibans",
    response: dealer.eibansResponseSchema,
  },
  listEibanTransactions: {
    method: "get",
    path: "/api/dealer/transactions",
    tag: "Dealer E-IBAN",
    summary: "Read an E-IBAN account's transaction history",
    description: "At most 3 days per request (DATE_RANGE_EXCEEDED), 100 records per page.",
    signature: "dealer",
    scope: "eibans",
    query: transactionsQuerySchema,
    response: dealer.eibanTransactionsResponseSchema,
    codedErrors: true,
  },
  sendMoney: {
    method: "post",
    path: "/api/dealer/send-money",
    tag: "Dealer E-IBAN",
    summary: "Send money from an E-IBAN account to a bank account",
    description: "The amount is reserved from available_balance at once; follow the transfer with transfer-status.",
    signature: "dealer",
    scope: "send-money",
    body: sendMoneySchema,
    response: dealer.sendMoneyResponseSchema,
    codedErrors: true,
    extraErrors: [409],
    idempotent: true,
    movesMoney: true,
    links: {
      status: {
        operationId: "getTransferStatus",
        description: "The transfer's status, by its transfer_id.",
        parameters: { transfer_id: "$response.body#/transfer/transfer_id" },
      },
    },
  },
  getTransferStatus: {
    method: "get",
    path: "/api/dealer/transfer-status",
    tag: "Dealer E-IBAN",
    summary: "Read a transfer's status",
    signature: "dealer",
    scope: "send-money",
    query: transferStatusQuerySchema,
    response: dealer.transferStatusResponseSchema,
    extraErrors: [404],
  },
} as const satisfies Record<string, DealerContract>;
