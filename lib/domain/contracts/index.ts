import { CARD_CONTRACTS, DEALER_CARD_CONTRACTS } from "./card";
import { CONNECTION_CONTRACTS, DEALER_CONNECTION_CONTRACTS } from "./connection";
import type { SiteScope } from "@/lib/domain/schemas/site-scopes";
import type { Contract } from "./contract";
import { DEALER_EIBAN_CONTRACTS, EIBAN_CONTRACTS } from "./eiban";
import { DEALER_MANUAL_BANK_CONTRACTS, MANUAL_BANK_CONTRACTS } from "./manual-bank";
import { THIRD_PARTY_CONTRACTS } from "./third-party";

export * from "./contract";
export { THIRD_PARTY_CONTRACTS, type ThirdPartyEndpoint } from "./third-party";

const { bank, crypto, wallet } = THIRD_PARTY_CONTRACTS;

/**
 * Every endpoint under /api/provider and /api/dealer, keyed by its operationId, in the OpenAPI document's
 * order. Routes, the document and the SDK all read them from here; a unit test keeps the route files equal.
 */
export const CONTRACTS = {
  ...CONNECTION_CONTRACTS,
  ...MANUAL_BANK_CONTRACTS,
  ...EIBAN_CONTRACTS,
  ...CARD_CONTRACTS,
  startBankDeposit: bank.deposit,
  listBankGateways: bank.gateways,
  startBankWithdrawal: bank.withdrawal,
  startCryptoDeposit: crypto.deposit,
  listCryptoGateways: crypto.gateways,
  startCryptoWithdrawal: crypto.withdrawal,
  startWalletDeposit: wallet.deposit,
  listWalletGateways: wallet.gateways,
  startWalletWithdrawal: wallet.withdrawal,
  ...DEALER_CONNECTION_CONTRACTS,
  ...DEALER_MANUAL_BANK_CONTRACTS,
  ...DEALER_EIBAN_CONTRACTS,
  ...DEALER_CARD_CONTRACTS,
} as const satisfies Record<string, Contract>;


export type ContractId = keyof typeof CONTRACTS;

/** The contracts as a list, each with its id (the operationId). */
export const CONTRACT_LIST: (Contract & { id: ContractId })[] = Object.entries(CONTRACTS).map(([id, contract]) => ({ id: id as ContractId, ...contract }));

/** The contract served at `METHOD path`, if any. */
export function contractAt(method: string, pathname: string): (Contract & { id: ContractId }) | null {
  return CONTRACT_LIST.find((c) => c.method === method.toLowerCase() && c.path === pathname) ?? null;
}

/** The scope a dealer request needs, or null for a path outside the dealer's contracts (refused: nothing is open by default). */
export function scopeOfEndpoint(method: string, pathname: string): SiteScope | null {
  const contract = contractAt(method, pathname);
  return contract?.signature === "dealer" ? (contract.scope ?? null) : null;
}

/** The endpoints ("METHOD path") of a scope, for messages and documentation. */
export function endpointsOfScope(scope: SiteScope): string[] {
  return CONTRACT_LIST.filter((c) => c.scope === scope).map((c) => `${c.method.toUpperCase()} ${c.path}`);
}
