import * as reads from "@/lib/api/schemas/responses/transaction-reads";
import {
  dealerTransactionListSchema,
  LIST_PAGE_MAX,
  LIST_WINDOW_MAX_DAYS,
  providerTransactionListSchema,
  trackingCodeBodySchema,
} from "@/lib/api/schemas/transaction-reads";
import type { DealerContract, ProviderContract } from "./contract";

/**
 * What happened to a transaction, when the callback did not arrive: its status with history, the list for
 * reconciliation, the callbacks with their attempts, and a resend. Not in the API documents (additive,
 * docs/decisions.md "Reading transactions"); every method, both directions.
 */

const STATUS =
  "Any of your transactions, any method and direction: the fields of its create response, the final amount, the " +
  "last change and every status it took with who moved it. A code that is not yours answers 404, as a missing one " +
  "does.";
const LIST =
  `Your transactions created in [from, to), newest first, at most ${LIST_PAGE_MAX} a page (limit), the ` +
  `window at most ${LIST_WINDOW_MAX_DAYS} days. Page with next_cursor until it is null; rows created while you page ` +
  `never show twice. Transactions of the last minute are listed from the next pass on: window.to says where this ` +
  `one ended.`;
const CALLBACKS =
  "The callbacks the transaction owes you, with every attempt: when, your receiver's HTTP status, how long it took, " +
  "the error. Empty while the transaction is not final.";
const RESEND =
  "Sends the transaction's final callback again now, with a fresh timestamp and hash and otherwise the same body. " +
  'Once a minute per transaction (429 with Retry-After); 409 "No callback to resend" while the transaction owes no ' +
  "callback (not final yet, or a dealer's own deposit or withdrawal), " +
  '409 "No callback URL" while no callback URL is set.';

export const READ_CONTRACTS = {
  getTransactionStatus: {
    method: "post",
    path: "/api/provider/transaction/status",
    tag: "Reading transactions",
    summary: "Read any transaction's status and history",
    description: STATUS,
    signature: "timestamp",
    body: trackingCodeBodySchema,
    response: reads.transactionStatusResponseSchema,
    extraErrors: [404],
  },
  listTransactions: {
    method: "post",
    path: "/api/provider/transactions",
    tag: "Reading transactions",
    summary: "List your transactions in a time window",
    description: LIST,
    signature: "timestamp",
    body: providerTransactionListSchema,
    response: reads.transactionListResponseSchema,
  },
  listCallbacks: {
    method: "post",
    path: "/api/provider/callbacks",
    tag: "Reading transactions",
    summary: "List a transaction's callbacks and their attempts",
    description: CALLBACKS,
    signature: "timestamp",
    body: trackingCodeBodySchema,
    response: reads.callbackListResponseSchema,
    extraErrors: [404],
  },
  resendCallback: {
    method: "post",
    path: "/api/provider/callbacks/resend",
    tag: "Reading transactions",
    summary: "Send a transaction's final callback again",
    description: RESEND,
    signature: "timestamp",
    body: trackingCodeBodySchema,
    response: reads.callbackResendResponseSchema,
    extraErrors: [404, 409],
  },
} as const satisfies Record<string, ProviderContract>;

const DEALER =
  " Your own transactions (DEP, WDR and CC codes); through a site integration, only those it created. Send-money " +
  "transfers have their own transfer-status.";

export const DEALER_READ_CONTRACTS = {
  getDealerTransactionStatus: {
    method: "get",
    path: "/api/dealer/transaction/status",
    tag: "Dealer",
    summary: "Read any transaction's status and history",
    description: STATUS + DEALER,
    signature: "dealer",
    scope: "records",
    query: trackingCodeBodySchema,
    response: reads.transactionStatusResponseSchema,
    extraErrors: [404],
  },
  listDealerTransactions: {
    method: "get",
    path: "/api/dealer/transaction/list",
    tag: "Dealer",
    summary: "List your transactions in a time window",
    description: LIST + DEALER,
    signature: "dealer",
    scope: "records",
    query: dealerTransactionListSchema,
    response: reads.transactionListResponseSchema,
  },
  listDealerCallbacks: {
    method: "get",
    path: "/api/dealer/callbacks",
    tag: "Dealer",
    summary: "List a transaction's callbacks and their attempts",
    description: CALLBACKS + DEALER,
    signature: "dealer",
    scope: "records",
    query: trackingCodeBodySchema,
    response: reads.callbackListResponseSchema,
    extraErrors: [404],
  },
  resendDealerCallback: {
    method: "post",
    path: "/api/dealer/callbacks/resend",
    tag: "Dealer",
    summary: "Send a card payment's final callback again",
    description: RESEND + DEALER,
    signature: "dealer",
    scope: "records",
    body: trackingCodeBodySchema,
    response: reads.callbackResendResponseSchema,
    extraErrors: [404, 409],
  },
} as const satisfies Record<string, DealerContract>;
