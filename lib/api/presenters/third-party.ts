import type { z } from "zod";
import { formatDateTime } from "@/lib/base/time/format";
import { shapeOf, type AccountShape } from "@/lib/domain/payment-methods";
import { transactionType, type ThirdPartyKind } from "@/lib/domain/payment-methods/third-party-kinds";
import type { GatewayList } from "@/lib/domain/third-party/list-gateways";
import type { StartedThirdPartyDeposit } from "@/lib/domain/third-party/start-third-party-deposit";
import type { StartedThirdPartyWithdrawal } from "@/lib/domain/third-party/start-third-party-withdrawal";
import { paymentUrl } from "@/lib/domain/transactions/payment-url";
import type { Gateway } from "@/lib/generated/prisma/client";
import type { THIRD_PARTY_CONTRACTS } from "@/lib/api/contracts/third-party";
import type { GatewayListResponse } from "@/lib/api/schemas/responses/provider-responses";
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
    ...(shapeOf(kind) === "crypto" ? { supported_crypto_types: g.supportedCryptoTypes } : {}),
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
/** One body builder per account shape; a kind's bodies are its shape's, under its own name. */
type Builders = Record<AccountShape, (kind: ThirdPartyKind, started: Started) => unknown>;

// The fields in the order the provider document's examples list them.
const SHOWING = "showing" as const;
const amountOf = ({ transaction }: Started) => Number(transaction.amount.toFixed(2));
/** What the bank shape adds, as the manual bank transfer's body has it: site, customer and times. */
const bankParts = ({ transaction, site }: Started) => ({
  ...transactionParts(transaction, site),
  status: SHOWING,
  expires_at: dateTime(transaction.expiresAt),
  created_at: dateTime(transaction.createdAt),
});

const deposited = (k: ThirdPartyKind, { transaction }: Started) => ({
  tracking_code: transaction.trackingCode,
  payment_url: paymentUrl(transaction.paymentToken),
  type: transactionType(k, "deposit"),
  payment_method: k,
});
const DEPOSIT_BODIES: Builders = {
  bank: (kind, started) => ({
    success: true,
    message: "Deposit request created",
    data: { ...deposited(kind, started), ...bankParts(started) },
    timestamp: formatDateTime(new Date()),
  }),
  crypto: (kind, started) => ({
    success: true,
    message: "Deposit request created",
    data: {
      ...deposited(kind, started),
      amount: amountOf(started),
      status: SHOWING,
      expires_at: dateTime(started.transaction.expiresAt),
    },
  }),
  wallet: (kind, started) => ({
    success: true,
    message: "Deposit request created",
    data: { ...deposited(kind, started), amount: amountOf(started), status: SHOWING },
  }),
};

const withdrawn = (k: ThirdPartyKind, { transaction }: Started) => ({
  tracking_code: transaction.trackingCode,
  type: transactionType(k, "withdrawal"),
  payment_method: k,
});
const WITHDRAWAL_BODIES: Builders = {
  bank: (kind, started) => ({
    success: true,
    message: "Withdrawal request created",
    data: { ...withdrawn(kind, started), ...bankParts(started) },
    timestamp: formatDateTime(new Date()),
  }),
  crypto: (kind, started) => ({
    success: true,
    message: "Withdrawal request created",
    data: { ...withdrawn(kind, started), amount: amountOf(started), status: SHOWING },
  }),
  wallet: (kind, started) => ({
    success: true,
    message: "Withdrawal request created",
    data: { ...withdrawn(kind, started), amount: amountOf(started), status: SHOWING },
  }),
};

/**
 * The deposit create's body for the started kind. The builders are checked per shape by the contract tests
 * (every body is parsed by its endpoint's response schema), not by the compiler: a kind's literal words
 * (type, payment_method) come from its definition at run time.
 */
export function presentThirdPartyDeposit<K extends ThirdPartyKind>(
  started: StartedThirdPartyDeposit & { kind: K },
): Body<K, "deposit"> {
  return DEPOSIT_BODIES[shapeOf(started.kind)](started.kind, started) as Body<K, "deposit">;
}

export function presentThirdPartyWithdrawal<K extends ThirdPartyKind>(
  started: StartedThirdPartyWithdrawal & { kind: K },
): Body<K, "withdrawal"> {
  return WITHDRAWAL_BODIES[shapeOf(started.kind)](started.kind, started) as Body<K, "withdrawal">;
}
