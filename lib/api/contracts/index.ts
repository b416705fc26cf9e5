import { CARD_CONTRACTS, DEALER_CARD_CONTRACTS } from "./card";
import { CONNECTION_CONTRACTS, DEALER_CONNECTION_CONTRACTS } from "./connection";
import type { SiteScope } from "@/lib/domain/schemas/site-scopes";
import type { PaymentMethod } from "@/lib/domain/payment-methods";
import type { Contract, DealerContract, ProviderContract } from "./contract";
import { DEALER_EIBAN_CONTRACTS, EIBAN_CONTRACTS } from "./eiban";
import { DEALER_LEDGER_CONTRACTS, LEDGER_CONTRACTS } from "./ledger";
import { DEALER_MANUAL_BANK_CONTRACTS, MANUAL_BANK_CONTRACTS } from "./manual-bank";
import { kindEndpoints, type KindEndpoints } from "./third-party";
import { THIRD_PARTY, type KindOf, type ThirdPartyMethod } from "@/lib/domain/payment-methods";
import { DEALER_READ_CONTRACTS, READ_CONTRACTS } from "./transaction-reads";

export * from "./contract";
export { THIRD_PARTY_CONTRACTS, type ThirdPartyEndpoint } from "./third-party";

/** Methods 4-6, each with its kind's three endpoints (contracts/third-party.ts) and no dealer endpoint. */
const THIRD_PARTY_METHOD_CONTRACTS = Object.fromEntries(
  THIRD_PARTY.map(({ method, kind }) => [method, { provider: kindEndpoints(kind), dealer: {} }]),
) as { [M in ThirdPartyMethod]: { provider: KindEndpoints<KindOf<M>>; dealer: Record<never, never> } };

/**
 * The endpoints of each payment method, provider's and dealer's. A new method in the PaymentMethod enum
 * fails the type check here until its endpoints are named (or it is said to have none: {}).
 */
export const METHOD_CONTRACTS = {
  MANUAL_BANK: { provider: MANUAL_BANK_CONTRACTS, dealer: DEALER_MANUAL_BANK_CONTRACTS },
  EIBAN: { provider: EIBAN_CONTRACTS, dealer: DEALER_EIBAN_CONTRACTS },
  CREDIT_CARD: { provider: CARD_CONTRACTS, dealer: DEALER_CARD_CONTRACTS },
  ...THIRD_PARTY_METHOD_CONTRACTS,
} as const satisfies Record<
  PaymentMethod,
  { provider: Record<string, ProviderContract>; dealer: Record<string, DealerContract> }
>;

type Methods = (typeof METHOD_CONTRACTS)[keyof typeof METHOD_CONTRACTS];
/** All members of a union of records, as one record (every method's endpoints together). */
type Merged<T> = (T extends unknown ? (x: T) => void : never) extends (x: infer I) => void ? I : never;
const methods: Methods[] = Object.values(METHOD_CONTRACTS);

/**
 * Every endpoint under /api/provider and /api/dealer, keyed by its operationId, in the OpenAPI document's
 * order: the provider's connection endpoints, each method's provider endpoints, the reads (status, list,
 * callbacks), the balance, then the same for dealers.
 * Routes, the document and the SDK all read them from here; a unit test keeps the route files equal.
 */
export const CONTRACTS = {
  ...CONNECTION_CONTRACTS,
  ...(Object.assign({}, ...methods.map((m) => m.provider)) as Merged<Methods["provider"]>),
  ...READ_CONTRACTS,
  ...LEDGER_CONTRACTS,
  ...DEALER_CONNECTION_CONTRACTS,
  ...(Object.assign({}, ...methods.map((m) => m.dealer)) as Merged<Methods["dealer"]>),
  ...DEALER_READ_CONTRACTS,
  ...DEALER_LEDGER_CONTRACTS,
} satisfies Record<string, Contract>;

export type ContractId = keyof typeof CONTRACTS;

/** The contracts as a list, each with its id (the operationId). */
export const CONTRACT_LIST: (Contract & { id: ContractId })[] = Object.entries(CONTRACTS).map(([id, contract]) => ({
  id: id as ContractId,
  ...contract,
}));

/** The contract served at `METHOD path`, if any. */
export function contractAt(method: string, pathname: string): (Contract & { id: ContractId }) | null {
  return CONTRACT_LIST.find((c) => c.method === method.toLowerCase() && c.path === pathname) ?? null;
}

/**
 * The scope a dealer request needs, or null for a path outside the dealer's contracts or one no scope opens
 * (refused: nothing is open by default).
 */
export function scopeOfEndpoint(method: string, pathname: string): SiteScope | null {
  const contract = contractAt(method, pathname);
  return contract?.signature === "dealer" ? (contract.scope ?? null) : null;
}

/** The endpoints ("METHOD path") of a scope, for messages and documentation. */
export function endpointsOfScope(scope: SiteScope): string[] {
  return CONTRACT_LIST.filter((c) => c.scope === scope).map((c) => `${c.method.toUpperCase()} ${c.path}`);
}
