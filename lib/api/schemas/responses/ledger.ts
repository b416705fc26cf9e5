import { z } from "zod";
import { ok } from "./shared";

/** Success bodies of the balance endpoints: balances by counterparty from the ledger (docs/ledger.md). */

/** A balance may be either way round, so unlike the API's other amounts it can be negative. */
const balance = (description: string) =>
  z
    .string()
    .regex(/^-?\d+\.\d{2}$/)
    .meta({ description: `Amount in TRY as a decimal string with two places. ${description}`, examples: ["942.22"] });

const asOf = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
  .meta({
    description:
      "The instant the figures are as of: as_of as sent, else the moment the request was read; ISO 8601 in UTC with " +
      "milliseconds. Send it back as as_of to read the same figures again.",
    examples: ["2026-11-24T21:00:00.000Z"],
  });

const party = z.strictObject({ id: z.number().int(), name: z.string() });

export const providerBalanceResponseSchema = z.strictObject({
  success: ok,
  data: z.strictObject({
    as_of: asOf,
    currency: z.literal("TRY"),
    dealers: z
      .array(
        z.strictObject({
          dealer: party,
          balance: balance(
            "What the dealer holds for you: positive, the dealer owes you this much; negative, you owe the dealer " +
              "(your withdrawals and fees exceeded your money in).",
          ),
        }),
      )
      .meta({
        description:
          "One row per dealer you have had money with, by dealer id; empty before your first completed payment",
      }),
    total: balance("The sum over your dealers: what they hold for you together."),
  }),
});

export const dealerBalanceResponseSchema = z.strictObject({
  success: ok,
  data: z.strictObject({
    as_of: asOf,
    currency: z.literal("TRY"),
    providers: z
      .array(
        z.strictObject({
          provider: party,
          owed_to_provider: balance("What you hold for the provider: positive, you owe it; negative, it owes you."),
          service_fees: balance(
            "The service's fees on this provider's money that you hold until you pay them to the service.",
          ),
          commission: balance("Your own share of the fees on this provider's money: your earnings."),
        }),
      )
      .meta({ description: "One row per provider whose money you have held, by provider id" }),
    totals: z
      .strictObject({
        owed_to_providers: balance("The sum of owed_to_provider."),
        service_fees: balance("The sum of service_fees."),
        commission: balance("The sum of commission."),
      })
      .meta({ description: "The rows added up" }),
    own: balance("The money of your own API flows (DEP-, WDR-, your card payments, send-money): yours."),
    cash: balance(
      "All the money of the service's flows you hold in your bank accounts, E-IBAN wallets and acquirer account: " +
        "totals.owed_to_providers + totals.service_fees + totals.commission + own.",
    ),
  }),
});

export type ProviderBalanceResponse = z.output<typeof providerBalanceResponseSchema>;
export type DealerBalanceResponse = z.output<typeof dealerBalanceResponseSchema>;
