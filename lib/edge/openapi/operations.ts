import type { z } from "zod";
import { thirdPartyDepositSchema, thirdPartyWithdrawalSchemas } from "@/lib/domain/schemas/third-party";
import { cardStatusSchema, dealerCardPaymentSchema, providerCardPaymentSchema } from "@/lib/domain/schemas/card-payment";
import { sendMoneySchema, transactionsQuerySchema, transferStatusQuerySchema } from "@/lib/domain/schemas/dealer-api";
import { dealerDepositSchema, dealerWithdrawalSchema, depositRequestSchema, withdrawalRequestSchema } from "@/lib/domain/schemas/payment-requests";
import * as dealer from "@/lib/domain/schemas/responses/dealer-responses";
import * as provider from "@/lib/domain/schemas/responses/provider-responses";
import * as thirdParty from "@/lib/domain/schemas/responses/third-party-responses";

/** How a request is signed: which headers it carries and what goes between secret_key and timestamp in X-Hash. */
export type Signing = "timestamp" | "verification-key" | "credential-key" | "dealer";

export type Operation = {
  method: "get" | "post";
  path: string;
  operationId: string;
  tag: string;
  summary: string;
  description?: string;
  signing: Signing;
  body?: z.ZodType;
  query?: z.ZodType;
  response: z.ZodType;
  /** Statuses beyond those every endpoint of its kind can answer (see build-openapi-document). */
  extraErrors?: number[];
  idempotent?: boolean;
  /** Dealer E-IBAN endpoints answer business errors as {success:false, error_code, message}. */
  codedErrors?: boolean;
  /** OpenAPI links from the success response to the operations that follow it (create -> status). */
  links?: Record<string, { operationId: string; description: string; parameters?: Record<string, string>; requestBody?: Record<string, string> }>;
};

const PROVIDER = "/api/provider";
const tp = (kind: "bank" | "crypto" | "wallet", label: string, deposit: z.ZodType, withdrawal: z.ZodType, gateways: z.ZodType): Operation[] => [
  {
    method: "post",
    path: `${PROVIDER}/third-party/${kind}/start-deposit`,
    operationId: `start${label}Deposit`,
    tag: `Third-party ${kind}`,
    summary: `Start a third-party ${kind} deposit`,
    description: "The customer opens payment_url and chooses a gateway there; the gateway's confirmation completes the deposit and sends the deposit callback.",
    signing: "credential-key",
    body: thirdPartyDepositSchema,
    response: deposit,
    extraErrors: [409],
    idempotent: true,
  },
  {
    method: "get",
    path: `${PROVIDER}/third-party/${kind}/gateways`,
    operationId: `list${label}Gateways`,
    tag: `Third-party ${kind}`,
    summary: `List the active ${kind} gateways`,
    description: "Show these to the customer before a withdrawal; send the chosen id as gateway_id with the fields in required_fields.",
    signing: "timestamp",
    response: gateways,
  },
  {
    method: "post",
    path: `${PROVIDER}/third-party/${kind}/start-withdrawal`,
    operationId: `start${label}Withdrawal`,
    tag: `Third-party ${kind}`,
    summary: `Start a third-party ${kind} withdrawal`,
    description: "Sent to the gateway at once (status processing internally); the withdrawal callback reports completed, rejected, failed, or canceled when the gateway never accepted it before expires_at.",
    signing: "credential-key",
    body: withdrawal,
    response: { bank: thirdParty.bankWithdrawalResponseSchema, crypto: thirdParty.cryptoWithdrawalResponseSchema, wallet: thirdParty.walletWithdrawalResponseSchema }[kind],
    extraErrors: [409],
    idempotent: true,
  },
];

/** Every endpoint under /api/provider and /api/dealer, with the schemas its route validates with. */
export const OPERATIONS: Operation[] = [
  {
    method: "post",
    path: `${PROVIDER}/welcome`,
    operationId: "welcome",
    tag: "Connection",
    summary: "Test the connection and the hash",
    description: "The first call of an integration: succeeds when the API key, the hash, the timestamp and your IP address are accepted.",
    signing: "timestamp",
    response: provider.welcomeResponseSchema,
  },
  {
    method: "post",
    path: `${PROVIDER}/sites`,
    operationId: "listSites",
    tag: "Connection",
    summary: "List your sites",
    signing: "verification-key",
    response: provider.sitesResponseSchema,
  },
  {
    method: "post",
    path: `${PROVIDER}/start-manual-deposit`,
    operationId: "startManualDeposit",
    tag: "Manual bank",
    summary: "Start a manual bank deposit",
    description: "Redirect the customer to payment_url: they may change the amount, see the IBAN and confirm the transfer. Staff approve it; the deposit callback reports completed, canceled or expired.",
    signing: "credential-key",
    body: depositRequestSchema,
    response: provider.manualDepositResponseSchema,
    extraErrors: [409],
    idempotent: true,
  },
  {
    method: "post",
    path: `${PROVIDER}/start-manual-withdraw`,
    operationId: "startManualWithdrawal",
    tag: "Manual bank",
    summary: "Start a manual bank withdrawal",
    description: "Processed by staff of the dealer assigned to the site; the withdrawal callback reports completed, rejected, failed or canceled.",
    signing: "credential-key",
    body: withdrawalRequestSchema,
    response: provider.manualWithdrawalResponseSchema,
    extraErrors: [409],
    idempotent: true,
  },
  {
    method: "post",
    path: `${PROVIDER}/start-eiban-deposit`,
    operationId: "startEibanDeposit",
    tag: "E-IBAN",
    summary: "Start an E-IBAN deposit",
    description: "Completes automatically when the E-IBAN account reports a matching incoming payment.",
    signing: "credential-key",
    body: depositRequestSchema,
    response: provider.eibanDepositResponseSchema,
    extraErrors: [409],
    idempotent: true,
  },
  {
    method: "post",
    path: `${PROVIDER}/start-eiban-withdraw`,
    operationId: "startEibanWithdrawal",
    tag: "E-IBAN",
    summary: "Start an E-IBAN withdrawal",
    description: "Once approved it is sent as a transfer from the dealer's E-IBAN wallet; the bank's settlement completes it.",
    signing: "credential-key",
    body: withdrawalRequestSchema,
    response: provider.eibanWithdrawalResponseSchema,
    extraErrors: [409],
    idempotent: true,
  },
  {
    method: "post",
    path: `${PROVIDER}/credit-card/payment`,
    operationId: "startCardPayment",
    tag: "Credit card",
    summary: "Start a 3-D Secure card payment",
    description: "credential_key travels in the body, not in the hash. Redirect the customer to payment_url; the card callback reports success, failed (also after 15 minutes, error_code TIMEOUT) or cancelled.",
    signing: "timestamp",
    body: providerCardPaymentSchema,
    response: provider.cardPaymentResponseSchema,
    extraErrors: [409],
    idempotent: true,
    links: { status: { operationId: "getCardPaymentStatus", description: "The payment's status, by its tracking_code.", requestBody: { tracking_code: "{$response.body#/data/tracking_code}" } } },
  },
  {
    method: "post",
    path: `${PROVIDER}/credit-card/status`,
    operationId: "getCardPaymentStatus",
    tag: "Credit card",
    summary: "Read a card payment's status",
    signing: "timestamp",
    body: cardStatusSchema,
    response: provider.cardStatusResponseSchema,
    extraErrors: [404],
  },
  ...tp("bank", "Bank", thirdParty.bankDepositResponseSchema, thirdPartyWithdrawalSchemas.bank, provider.gatewayListResponseSchema),
  ...tp("crypto", "Crypto", thirdParty.cryptoDepositResponseSchema, thirdPartyWithdrawalSchemas.crypto, provider.cryptoGatewayListResponseSchema),
  ...tp("wallet", "Wallet", thirdParty.walletDepositResponseSchema, thirdPartyWithdrawalSchemas.wallet, provider.gatewayListResponseSchema),
  {
    method: "get",
    path: "/api/dealer/settings",
    operationId: "getDealerSettings",
    tag: "Dealer",
    summary: "Read the dealer's settings and payment methods",
    signing: "dealer",
    response: dealer.dealerSettingsResponseSchema,
  },
  {
    method: "post",
    path: "/api/dealer/manual-iban/deposit",
    operationId: "startDealerDeposit",
    tag: "Dealer",
    summary: "Get a manual IBAN for a deposit",
    description: "An active bank account of the dealer whose limits fit the amount is offered.",
    signing: "dealer",
    body: dealerDepositSchema,
    response: dealer.dealerDepositResponseSchema,
    extraErrors: [409],
    idempotent: true,
  },
  {
    method: "post",
    path: "/api/dealer/manual-iban/withdraw",
    operationId: "startDealerWithdrawal",
    tag: "Dealer",
    summary: "Create a manual IBAN withdrawal request",
    signing: "dealer",
    body: dealerWithdrawalSchema,
    response: dealer.dealerWithdrawalResponseSchema,
    extraErrors: [409],
    idempotent: true,
  },
  {
    method: "get",
    path: "/api/dealer/eibans",
    operationId: "listEibans",
    tag: "Dealer E-IBAN",
    summary: "List the dealer's E-IBAN accounts and balances",
    signing: "dealer",
    response: dealer.eibansResponseSchema,
  },
  {
    method: "get",
    path: "/api/dealer/transactions",
    operationId: "listEibanTransactions",
    tag: "Dealer E-IBAN",
    summary: "Read an E-IBAN account's transaction history",
    description: "At most 3 days per request (DATE_RANGE_EXCEEDED), 100 records per page.",
    signing: "dealer",
    query: transactionsQuerySchema,
    response: dealer.eibanTransactionsResponseSchema,
    codedErrors: true,
  },
  {
    method: "post",
    path: "/api/dealer/send-money",
    operationId: "sendMoney",
    tag: "Dealer E-IBAN",
    summary: "Send money from an E-IBAN account to a bank account",
    description: "The amount is reserved from available_balance at once; follow the transfer with transfer-status.",
    signing: "dealer",
    body: sendMoneySchema,
    response: dealer.sendMoneyResponseSchema,
    codedErrors: true,
    extraErrors: [409],
    idempotent: true,
    links: { status: { operationId: "getTransferStatus", description: "The transfer's status, by its transfer_id.", parameters: { transfer_id: "$response.body#/transfer/transfer_id" } } },
  },
  {
    method: "get",
    path: "/api/dealer/transfer-status",
    operationId: "getTransferStatus",
    tag: "Dealer E-IBAN",
    summary: "Read a transfer's status",
    signing: "dealer",
    query: transferStatusQuerySchema,
    response: dealer.transferStatusResponseSchema,
    extraErrors: [404],
  },
  {
    method: "post",
    path: "/api/dealer/credit-card/payment",
    operationId: "startDealerCardPayment",
    tag: "Dealer",
    summary: "Start a 3-D Secure card payment (minimum 200 TRY)",
    description: "The card callback is sent to the dealer's credit_card_callback_url.",
    signing: "dealer",
    body: dealerCardPaymentSchema,
    response: dealer.dealerCardPaymentResponseSchema,
    extraErrors: [409],
    idempotent: true,
    links: { status: { operationId: "getDealerCardPaymentStatus", description: "The payment's status, by its tracking_code.", parameters: { tracking_code: "$response.body#/data/tracking_code" } } },
  },
  {
    method: "get",
    path: "/api/dealer/credit-card/status",
    operationId: "getDealerCardPaymentStatus",
    tag: "Dealer",
    summary: "Read a card payment's status",
    description: "Not in the dealer document (decided in docs/decisions.md): the same record as the provider's status endpoint.",
    signing: "dealer",
    query: cardStatusSchema,
    response: provider.cardStatusResponseSchema,
    extraErrors: [404],
  },
];
