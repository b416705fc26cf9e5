import type { z } from "zod";
import type { ThirdPartyKind } from "@/lib/domain/payment-methods";
import { thirdPartyDepositSchema, thirdPartyWithdrawalSchemas } from "@/lib/api/schemas/third-party";
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

/** Per kind, its three endpoints; the route module under third-party/[kind] serves exactly these. */
export const THIRD_PARTY_CONTRACTS = {
  bank: thirdPartyContracts("bank", {
    withdrawalBody: thirdPartyWithdrawalSchemas.bank,
    deposit: thirdParty.bankDepositResponseSchema,
    gateways: provider.gatewayListResponseSchema,
    withdrawal: thirdParty.bankWithdrawalResponseSchema,
  }),
  crypto: thirdPartyContracts("crypto", {
    withdrawalBody: thirdPartyWithdrawalSchemas.crypto,
    deposit: thirdParty.cryptoDepositResponseSchema,
    gateways: provider.cryptoGatewayListResponseSchema,
    withdrawal: thirdParty.cryptoWithdrawalResponseSchema,
  }),
  wallet: thirdPartyContracts("wallet", {
    withdrawalBody: thirdPartyWithdrawalSchemas.wallet,
    deposit: thirdParty.walletDepositResponseSchema,
    gateways: provider.gatewayListResponseSchema,
    withdrawal: thirdParty.walletWithdrawalResponseSchema,
  }),
} as const satisfies Record<ThirdPartyKind, Record<"deposit" | "gateways" | "withdrawal", ProviderContract>>;

export type ThirdPartyEndpoint = keyof (typeof THIRD_PARTY_CONTRACTS)[ThirdPartyKind];
