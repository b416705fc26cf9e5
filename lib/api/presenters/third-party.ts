import type { z } from "zod";
import { formatDateTime } from "@/lib/base/time/format";
import { transactionType, type ThirdPartyKind } from "@/lib/domain/payment-methods/third-party-kinds";
import type { GatewayList } from "@/lib/domain/third-party/list-gateways";
import type { StartedThirdPartyDeposit } from "@/lib/domain/third-party/start-third-party-deposit";
import type { StartedThirdPartyWithdrawal } from "@/lib/domain/third-party/start-third-party-withdrawal";
import { paymentUrl } from "@/lib/domain/transactions/payment-url";
import type { Gateway } from "@/lib/generated/prisma/client";
import type { THIRD_PARTY_CONTRACTS } from "@/lib/api/contracts/third-party";
import type { GatewayListResponse } from "@/lib/api/schemas/responses/provider-responses";
import type {
  ThirdPartyDepositResponse,
  ThirdPartyWithdrawalResponse,
} from "@/lib/api/schemas/responses/third-party-responses";
import { dateTime, transactionParts } from "./transaction-parts";

/**
 * The bodies of the third-party endpoints (contracts/third-party.ts) for bank, crypto and wallet: the fields
 * follow each method's row of the provider document.
 */

function gatewayResource(g: Gateway, kind: ThirdPartyKind) {
  return {
    id: g.id,
    name: g.name,
    code: g.code,
    min_amount: Number(g.minAmount.toFixed(2)),
    max_amount: Number(g.maxAmount.toFixed(2)),
    required_fields: g.requiredFields,
    ...(kind === "crypto" ? { supported_crypto_types: g.supportedCryptoTypes } : {}),
    description: g.description,
  };
}

export function presentGateways({ kind, gateways }: GatewayList): GatewayListResponse {
  return {
    success: true,
    message: `${gateways.length} ${kind} gateway${gateways.length === 1 ? "" : "s"} available`,
    data: { gateways: gateways.map((g) => gatewayResource(g, kind)), count: gateways.length },
    timestamp: formatDateTime(new Date()),
  };
}

type Started = StartedThirdPartyDeposit | StartedThirdPartyWithdrawal;
type Body<K extends ThirdPartyKind, E extends "deposit" | "withdrawal"> = z.output<
  (typeof THIRD_PARTY_CONTRACTS)[K][E]["response"]
>;
/** One body builder per kind: a kind added to the method table without its bodies is a type error here. */
type Bodies<E extends "deposit" | "withdrawal"> = { [K in ThirdPartyKind]: (started: Started) => Body<K, E> };

// The fields in the order the provider document's examples list them.
const SHOWING = "showing" as const;
const amountOf = ({ transaction }: Started) => Number(transaction.amount.toFixed(2));
/** What the bank kind adds, as the manual bank transfer's body has it: site, customer and times. */
const bankParts = ({ transaction, site }: Started) => ({
  ...transactionParts(transaction, site),
  status: SHOWING,
  expires_at: dateTime(transaction.expiresAt),
  created_at: dateTime(transaction.createdAt),
});

const deposited = <K extends ThirdPartyKind>(k: K, { transaction }: Started) => ({
  tracking_code: transaction.trackingCode,
  payment_url: paymentUrl(transaction.paymentToken),
  type: transactionType(k, "deposit"),
  payment_method: k,
});
const DEPOSIT_BODIES: Bodies<"deposit"> = {
  bank: (started) => ({
    success: true,
    message: "Deposit request created",
    data: { ...deposited("bank", started), ...bankParts(started) },
    timestamp: formatDateTime(new Date()),
  }),
  crypto: (started) => ({
    success: true,
    message: "Deposit request created",
    data: {
      ...deposited("crypto", started),
      amount: amountOf(started),
      status: SHOWING,
      expires_at: dateTime(started.transaction.expiresAt),
    },
  }),
  wallet: (started) => ({
    success: true,
    message: "Deposit request created",
    data: { ...deposited("wallet", started), amount: amountOf(started), status: SHOWING },
  }),
};

const withdrawn = <K extends ThirdPartyKind>(k: K, { transaction }: Started) => ({
  tracking_code: transaction.trackingCode,
  type: transactionType(k, "withdrawal"),
  payment_method: k,
});
const WITHDRAWAL_BODIES: Bodies<"withdrawal"> = {
  bank: (started) => ({
    success: true,
    message: "Withdrawal request created",
    data: { ...withdrawn("bank", started), ...bankParts(started) },
    timestamp: formatDateTime(new Date()),
  }),
  crypto: (started) => ({
    success: true,
    message: "Withdrawal request created",
    data: { ...withdrawn("crypto", started), amount: amountOf(started), status: SHOWING },
  }),
  wallet: (started) => ({
    success: true,
    message: "Withdrawal request created",
    data: { ...withdrawn("wallet", started), amount: amountOf(started), status: SHOWING },
  }),
};

export function presentThirdPartyDeposit(started: StartedThirdPartyDeposit): ThirdPartyDepositResponse {
  return DEPOSIT_BODIES[started.kind](started);
}

export function presentThirdPartyWithdrawal(started: StartedThirdPartyWithdrawal): ThirdPartyWithdrawalResponse {
  return WITHDRAWAL_BODIES[started.kind](started);
}
