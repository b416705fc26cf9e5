import { formatDateTime } from "@/lib/base/time/format";
import { transactionType, type ThirdPartyKind } from "@/lib/domain/payment-methods/third-party-kinds";
import type { GatewayList } from "@/lib/domain/third-party/list-gateways";
import type { StartedThirdPartyDeposit } from "@/lib/domain/third-party/start-third-party-deposit";
import type { StartedThirdPartyWithdrawal } from "@/lib/domain/third-party/start-third-party-withdrawal";
import { paymentUrl } from "@/lib/domain/transactions/payment-url";
import type { Gateway } from "@/lib/generated/prisma/client";
import type { GatewayListResponse } from "@/lib/api/schemas/responses/provider-responses";
import type { ThirdPartyDepositResponse, ThirdPartyWithdrawalResponse } from "@/lib/api/schemas/responses/third-party-responses";
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

export function presentThirdPartyDeposit({ kind, transaction: created, site }: StartedThirdPartyDeposit): ThirdPartyDepositResponse {
  // Built per branch, where `kind` is narrowed, so each answer's type and payment_method are literal.
  const common = <K extends ThirdPartyKind>(k: K) => ({ tracking_code: created.trackingCode, payment_url: paymentUrl(created.paymentToken), type: transactionType(k, "deposit"), payment_method: k });
  const amount = Number(created.amount.toFixed(2));
  if (kind === "bank") {
    return {
      success: true,
      message: "Deposit request created",
      data: { ...common(kind), ...transactionParts(created, site), status: "showing" as const, expires_at: dateTime(created.expiresAt), created_at: dateTime(created.createdAt) },
      timestamp: formatDateTime(new Date()),
    };
  }
  if (kind === "crypto") return { success: true, message: "Deposit request created", data: { ...common(kind), amount, status: "showing" as const, expires_at: dateTime(created.expiresAt) } };
  return { success: true, message: "Deposit request created", data: { ...common(kind), amount, status: "showing" as const } };
}

export function presentThirdPartyWithdrawal({ kind, transaction: created, site }: StartedThirdPartyWithdrawal): ThirdPartyWithdrawalResponse {
  // Built per branch, where `kind` is narrowed, so each answer's type and payment_method are literal.
  const common = <K extends ThirdPartyKind>(k: K) => ({ tracking_code: created.trackingCode, type: transactionType(k, "withdrawal"), payment_method: k });
  if (kind === "bank") {
    return {
      success: true,
      message: "Withdrawal request created",
      data: { ...common(kind), ...transactionParts(created, site), status: "showing" as const, expires_at: dateTime(created.expiresAt), created_at: dateTime(created.createdAt) },
      timestamp: formatDateTime(new Date()),
    };
  }
  const amount = Number(created.amount.toFixed(2));
  // Two returns, not one: within each, `kind` is one literal, so type and payment_method agree.
  if (kind === "crypto") return { success: true, message: "Withdrawal request created", data: { ...common(kind), amount, status: "showing" as const } };
  return { success: true, message: "Withdrawal request created", data: { ...common(kind), amount, status: "showing" as const } };
}
