import type { z } from "zod";
import { perKind, type AccountShape, type ShapeOf, type ThirdPartyKind } from "@/lib/domain/payment-methods";
import {
  thirdPartyDepositSchema,
  thirdPartyWithdrawalSchemas,
  type WithdrawalBodySchemaOf,
} from "@/lib/api/schemas/third-party";
import * as provider from "@/lib/api/schemas/responses/provider-responses";
import * as thirdParty from "@/lib/api/schemas/responses/third-party-responses";
import type { ProviderContract } from "./contract";

/** The three endpoints of one third-party kind (methods 4-6), all under /api/provider/third-party/<kind>/. */
function thirdPartyContracts<
  K extends ThirdPartyKind,
  W extends z.ZodType,
  DR extends z.ZodType,
  G extends z.ZodType,
  WR extends z.ZodType,
>(kind: K, schemas: { withdrawalBody: W; deposit: DR; gateways: G; withdrawal: WR }) {
  const base = `/api/provider/third-party/${kind}` as const;
  return {
    deposit: {
      method: "post",
      path: `${base}/start-deposit`,
      tag: `Third-party ${kind}`,
      summary: `Start a third-party ${kind} deposit`,
      description:
        "The customer opens payment_url and chooses a gateway there; the gateway's confirmation completes the " +
        "deposit and sends the deposit callback.",
      signature: "credential-key",
      body: thirdPartyDepositSchema,
      response: schemas.deposit,
      extraErrors: [409],
      idempotent: true,
    },
    gateways: {
      method: "get",
      path: `${base}/gateways`,
      tag: `Third-party ${kind}`,
      summary: `List the active ${kind} gateways`,
      description:
        "Show these to the customer before a withdrawal; send the chosen id as gateway_id with the fields in " +
        "required_fields.",
      signature: "timestamp",
      response: schemas.gateways,
    },
    withdrawal: {
      method: "post",
      path: `${base}/start-withdrawal`,
      tag: `Third-party ${kind}`,
      summary: `Start a third-party ${kind} withdrawal`,
      description:
        "Handed to the gateway right after this answer (status processing internally), so a slow gateway never " +
        "holds the request; the withdrawal callback reports completed, rejected, failed, or canceled when the " +
        "gateway never accepted it before expires_at.",
      signature: "credential-key",
      body: schemas.withdrawalBody,
      response: schemas.withdrawal,
      extraErrors: [409],
      idempotent: true,
    },
  } as const satisfies Record<string, ProviderContract>;
}

/** The gateway list a shape answers with: crypto gateways also list the coins they take. */
const GATEWAY_LISTS = {
  bank: provider.gatewayListResponseSchema,
  crypto: provider.cryptoGatewayListResponseSchema,
  wallet: provider.gatewayListResponseSchema,
} as const satisfies Record<AccountShape, z.ZodType>;

type Zod<T> = T & z.ZodType;
type ContractsOf<K extends ThirdPartyKind> = ReturnType<
  typeof thirdPartyContracts<
    K,
    Zod<WithdrawalBodySchemaOf<K>>,
    Zod<thirdParty.DepositResponseSchemaOf<K>>,
    Zod<(typeof GATEWAY_LISTS)[ShapeOf<K>]>,
    Zod<thirdParty.WithdrawalResponseSchemaOf<K>>
  >
>;

/**
 * Per kind, its three endpoints, from its definition (kind, shape, prefixes); the route module under
 * third-party/[kind] serves exactly these.
 */
export const THIRD_PARTY_CONTRACTS = perKind(({ kind, shape }) =>
  thirdPartyContracts(kind, {
    withdrawalBody: thirdPartyWithdrawalSchemas[kind],
    deposit: thirdParty.depositResponseSchemas[kind],
    gateways: GATEWAY_LISTS[shape],
    withdrawal: thirdParty.withdrawalResponseSchemas[kind],
  }),
) as { [K in ThirdPartyKind]: ContractsOf<K> };

export type ThirdPartyEndpoint = keyof (typeof THIRD_PARTY_CONTRACTS)[ThirdPartyKind];

/** The operationId of a kind's endpoint, as the document and the SDK name it (startWalletDeposit). */
export type KindOperationId<K extends string, E extends ThirdPartyEndpoint> = E extends "deposit"
  ? `start${Capitalize<K>}Deposit`
  : E extends "gateways"
    ? `list${Capitalize<K>}Gateways`
    : `start${Capitalize<K>}Withdrawal`;

export function kindOperationId<K extends string, E extends ThirdPartyEndpoint>(kind: K, endpoint: E) {
  const name = kind.charAt(0).toUpperCase() + kind.slice(1);
  const id = { deposit: `start${name}Deposit`, gateways: `list${name}Gateways`, withdrawal: `start${name}Withdrawal` };
  return id[endpoint] as KindOperationId<K, E>;
}

/** A kind's endpoints keyed by their operationIds, in the contract's order (deposit, gateways, withdrawal). */
export type KindEndpoints<K extends ThirdPartyKind> = {
  [E in ThirdPartyEndpoint as KindOperationId<K, E>]: (typeof THIRD_PARTY_CONTRACTS)[K][E];
};

const ENDPOINTS = ["deposit", "gateways", "withdrawal"] as const satisfies readonly ThirdPartyEndpoint[];

export function kindEndpoints<K extends ThirdPartyKind>(kind: K): KindEndpoints<K> {
  const contracts = THIRD_PARTY_CONTRACTS[kind];
  return Object.fromEntries(ENDPOINTS.map((e) => [kindOperationId(kind, e), contracts[e]])) as KindEndpoints<K>;
}

/**
 * Every kind's operations keyed by operationId, each given what its endpoint is given (the route module that
 * serves it, the SDK method that calls it): the tables of routes and client methods list the kinds this way.
 */
export function kindOperations<S extends Record<ThirdPartyEndpoint, unknown>>(byEndpoint: S) {
  const kinds = Object.keys(THIRD_PARTY_CONTRACTS) as ThirdPartyKind[];
  return Object.fromEntries(
    kinds.flatMap((kind) => ENDPOINTS.map((e) => [kindOperationId(kind, e), byEndpoint[e]])),
  ) as { [E in ThirdPartyEndpoint as KindOperationId<ThirdPartyKind, E>]: S[E] };
}
