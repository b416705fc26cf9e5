import { isValidWalletAddress, networkOf } from "@/lib/base/crypto-assets/wallet-address";
import type { Gateway } from "@/lib/generated/prisma/client";
import { isValidIban, normalizeIban } from "@/lib/base/iban/iban";
import { compareDecimal } from "@/lib/base/money/compare-decimal";
import { refusal, type ErrorMessage } from "@/lib/base/messages/errors";
import { shapeOf, type AccountShape } from "@/lib/domain/payment-methods";
import { KINDS, type ThirdPartyKind } from "@/lib/domain/payment-methods/third-party-kinds";

type Body = {
  amount: string;
  iban?: string;
  account_holder?: string;
  crypto_type?: string;
  wallet_address?: string;
  wallet_number?: string;
};

type AccountReader = (body: Body, gateway: Gateway, messages: ErrorMessage[]) => Record<string, string>;

/**
 * What a withdrawal names as the account paid to, checked and normalised: one reader per account shape, so
 * a shape without its account is a type error here, and a kind reads the account its definition's shape has.
 */
const ACCOUNT: Record<AccountShape, AccountReader> = {
  bank: (body, _gateway, messages): Record<string, string> => {
    if (!body.iban) return {};
    const iban = normalizeIban(body.iban);
    if (iban.length < 15 || iban.length > 34 || !isValidIban(iban))
      messages.push(refusal("ibanInvalid", { field: "iban" }));
    return { iban };
  },
  crypto: (body, gateway, messages): Record<string, string> => {
    if (!body.crypto_type) return {};
    const type = body.crypto_type.toUpperCase();
    if (!gateway.supportedCryptoTypes.includes(type))
      messages.push(refusal("oneOf", { field: "crypto_type", names: gateway.supportedCryptoTypes.join(", ") }));
    const network = networkOf(type);
    if (body.wallet_address && network && !isValidWalletAddress(network, body.wallet_address))
      messages.push(refusal("walletAddress", { field: "wallet_address", network }));
    return { crypto_type: type, wallet_address: body.wallet_address ?? "" };
  },
  wallet: (body): Record<string, string> => (body.wallet_number ? { wallet_number: body.wallet_number } : {}),
};

/**
 * Everything the chosen gateway demands of a withdrawal, one message per violated rule: the gateway
 * itself, its amount range, its required fields, its coins, the address format and the IBAN checksum.
 */
export function validateWithdrawalAccount(kind: ThirdPartyKind, gateway: Gateway | null, body: Body) {
  const messages: ErrorMessage[] = [];
  if (!gateway || !gateway.isActive || gateway.method !== KINDS[kind].gatewayMethod) {
    return { messages: [refusal("noActiveGateway", { kind })], accountDetails: {} };
  }
  const min = gateway.minAmount.toFixed(2);
  const max = gateway.maxAmount.toFixed(2);
  if (compareDecimal(body.amount, min) < 0 || compareDecimal(body.amount, max) > 0)
    messages.push(refusal("gatewayAmountRange", { min, max }));
  for (const field of gateway.requiredFields) {
    const value = (body as Record<string, string | undefined>)[field];
    if (!value?.trim()) messages.push(refusal("requiredByGateway", { field }));
  }
  const details = ACCOUNT[shapeOf(kind)](body, gateway, messages);
  if (body.account_holder) details.account_holder = body.account_holder;
  return { messages, accountDetails: details };
}
