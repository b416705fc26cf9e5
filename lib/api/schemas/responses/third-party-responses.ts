import { z } from "zod";
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

/** Success bodies of the third-party bank, crypto and wallet create endpoints (methods 4–6). */

const kind = <K extends string, D extends string>(method: K, direction: D, prefix: string) => ({
  tracking_code: trackingCodeSchema(prefix),
  type: z.literal(`third_party_${method}_${direction}` as const),
  payment_method: z.literal(method),
  status: z.literal("showing"),
});

export const bankDepositResponseSchema = z.strictObject({
  success: ok,
  message: z.string(),
  data: z.strictObject({
    ...kind("bank", "deposit", "TPBD"),
    payment_url: paymentUrlSchema,
    site: siteRefSchema,
    customer: customerSchema,
    amount: moneyNumber,
    expires_at: spaceDateTime,
    created_at: spaceDateTime,
  }),
  timestamp: envelopeTimestamp,
});

export const cryptoDepositResponseSchema = z.strictObject({
  success: ok,
  message: z.string(),
  data: z.strictObject({
    ...kind("crypto", "deposit", "TPCD"),
    payment_url: paymentUrlSchema,
    amount: moneyNumber,
    expires_at: spaceDateTime,
  }),
});

export const walletDepositResponseSchema = z.strictObject({
  success: ok,
  message: z.string(),
  data: z.strictObject({ ...kind("wallet", "deposit", "TPWD"), payment_url: paymentUrlSchema, amount: moneyNumber }),
});

export const bankWithdrawalResponseSchema = z.strictObject({
  success: ok,
  message: z.string(),
  data: z.strictObject({
    ...kind("bank", "withdrawal", "TPBW"),
    site: siteRefSchema,
    customer: customerSchema,
    amount: moneyNumber,
    expires_at: spaceDateTime,
    created_at: spaceDateTime,
  }),
  timestamp: envelopeTimestamp,
});

export const cryptoWithdrawalResponseSchema = z.strictObject({
  success: ok,
  message: z.string(),
  data: z.strictObject({ ...kind("crypto", "withdrawal", "TPCW"), amount: moneyNumber }),
});

export const walletWithdrawalResponseSchema = z.strictObject({
  success: ok,
  message: z.string(),
  data: z.strictObject({ ...kind("wallet", "withdrawal", "TPWW"), amount: moneyNumber }),
});

export type ThirdPartyDepositResponse =
  | z.output<typeof bankDepositResponseSchema>
  | z.output<typeof cryptoDepositResponseSchema>
  | z.output<typeof walletDepositResponseSchema>;
export type ThirdPartyWithdrawalResponse =
  | z.output<typeof bankWithdrawalResponseSchema>
  | z.output<typeof cryptoWithdrawalResponseSchema>
  | z.output<typeof walletWithdrawalResponseSchema>;
