import { z } from "zod";
import { perKind, type ShapeOf, type ThirdPartyKind } from "@/lib/domain/payment-methods";
import {
  customerSchema,
  envelopeTimestamp,
  moneyNumber,
  ok,
  paymentUrlSchema,
  siteRefSchema,
  spaceDateTime,
  trackingCodeSchema,
} from "./shared";

/**
 * Success bodies of the third-party create endpoints (methods 4–6), one builder per account shape: a kind's
 * bodies are its shape's, with its own name and tracking-code prefix.
 */

const kind = <K extends string, D extends string>(method: K, direction: D, prefix: string) => ({
  tracking_code: trackingCodeSchema(prefix),
  type: z.literal(`third_party_${method}_${direction}` as const),
  payment_method: z.literal(method),
  status: z.literal("showing"),
});

/** What the bank shape adds, as the manual bank transfer's body has it: site, customer, amount and times. */
const bankParts = {
  site: siteRefSchema,
  customer: customerSchema,
  amount: moneyNumber,
  expires_at: spaceDateTime,
  created_at: spaceDateTime,
};

const bankDeposit = <K extends string>(k: K, prefix: string) =>
  z.strictObject({
    success: ok,
    message: z.string(),
    data: z.strictObject({
      ...kind(k, "deposit", prefix),
      payment_url: paymentUrlSchema,
      ...bankParts,
    }),
    timestamp: envelopeTimestamp,
  });

const cryptoDeposit = <K extends string>(k: K, prefix: string) =>
  z.strictObject({
    success: ok,
    message: z.string(),
    data: z.strictObject({
      ...kind(k, "deposit", prefix),
      payment_url: paymentUrlSchema,
      amount: moneyNumber,
      expires_at: spaceDateTime,
    }),
  });

const walletDeposit = <K extends string>(k: K, prefix: string) =>
  z.strictObject({
    success: ok,
    message: z.string(),
    data: z.strictObject({ ...kind(k, "deposit", prefix), payment_url: paymentUrlSchema, amount: moneyNumber }),
  });

const bankWithdrawal = <K extends string>(k: K, prefix: string) =>
  z.strictObject({
    success: ok,
    message: z.string(),
    data: z.strictObject({
      ...kind(k, "withdrawal", prefix),
      ...bankParts,
    }),
    timestamp: envelopeTimestamp,
  });

const cryptoWithdrawal = <K extends string>(k: K, prefix: string) =>
  z.strictObject({
    success: ok,
    message: z.string(),
    data: z.strictObject({ ...kind(k, "withdrawal", prefix), amount: moneyNumber }),
  });

const walletWithdrawal = <K extends string>(k: K, prefix: string) =>
  z.strictObject({
    success: ok,
    message: z.string(),
    data: z.strictObject({ ...kind(k, "withdrawal", prefix), amount: moneyNumber }),
  });

type DepositSchemas<K extends string> = {
  bank: ReturnType<typeof bankDeposit<K>>;
  crypto: ReturnType<typeof cryptoDeposit<K>>;
  wallet: ReturnType<typeof walletDeposit<K>>;
};
type WithdrawalSchemas<K extends string> = {
  bank: ReturnType<typeof bankWithdrawal<K>>;
  crypto: ReturnType<typeof cryptoWithdrawal<K>>;
  wallet: ReturnType<typeof walletWithdrawal<K>>;
};
export type DepositResponseSchemaOf<K extends ThirdPartyKind> = DepositSchemas<K>[ShapeOf<K>];
export type WithdrawalResponseSchemaOf<K extends ThirdPartyKind> = WithdrawalSchemas<K>[ShapeOf<K>];

const DEPOSITS = { bank: bankDeposit, crypto: cryptoDeposit, wallet: walletDeposit };
const WITHDRAWALS = { bank: bankWithdrawal, crypto: cryptoWithdrawal, wallet: walletWithdrawal };

/** Per kind, the body of its deposit create. */
export const depositResponseSchemas = perKind(({ kind, shape, prefixes }) =>
  DEPOSITS[shape](kind, prefixes.DEPOSIT),
) as unknown as { [K in ThirdPartyKind]: DepositResponseSchemaOf<K> };

/** Per kind, the body of its withdrawal create. */
export const withdrawalResponseSchemas = perKind(({ kind, shape, prefixes }) =>
  WITHDRAWALS[shape](kind, prefixes.WITHDRAWAL),
) as unknown as { [K in ThirdPartyKind]: WithdrawalResponseSchemaOf<K> };

export type ThirdPartyDepositResponse = { [K in ThirdPartyKind]: z.output<DepositResponseSchemaOf<K>> }[ThirdPartyKind];
export type ThirdPartyWithdrawalResponse = {
  [K in ThirdPartyKind]: z.output<WithdrawalResponseSchemaOf<K>>;
}[ThirdPartyKind];
