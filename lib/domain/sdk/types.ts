import type { z } from "zod";
import type { cardStatusSchema, dealerCardPaymentSchema, providerCardPaymentSchema } from "@/lib/domain/schemas/card-payment";
import type { sendMoneySchema, transactionsQuerySchema } from "@/lib/domain/schemas/dealer-api";
import type { dealerDepositSchema, dealerWithdrawalSchema, depositRequestSchema, withdrawalRequestSchema } from "@/lib/domain/schemas/payment-requests";
import type { thirdPartyDepositSchema, thirdPartyWithdrawalSchemas } from "@/lib/domain/schemas/third-party";

/** Request bodies as the routes validate them; amounts are typed as what a client sends. */
type WithAmount<T, A> = Omit<T, "amount"> & { amount: A };

export type DepositBody = WithAmount<z.input<typeof depositRequestSchema>, number>;
export type WithdrawalBody = WithAmount<z.input<typeof withdrawalRequestSchema>, number>;
export type CardPaymentBody = WithAmount<z.input<typeof providerCardPaymentSchema>, number>;
export type CardStatusBody = z.input<typeof cardStatusSchema>;
export type ThirdPartyKind = "bank" | "crypto" | "wallet";
export type ThirdPartyDepositBody = WithAmount<z.input<typeof thirdPartyDepositSchema>, number>;
export type ThirdPartyWithdrawalBody<K extends ThirdPartyKind> = WithAmount<z.input<(typeof thirdPartyWithdrawalSchemas)[K]>, number>;

export type DealerDepositBody = WithAmount<z.input<typeof dealerDepositSchema>, number | string>;
export type DealerWithdrawalBody = WithAmount<z.input<typeof dealerWithdrawalSchema>, number | string>;
export type SendMoneyBody = WithAmount<z.input<typeof sendMoneySchema>, number | string>;
export type DealerCardPaymentBody = WithAmount<z.input<typeof dealerCardPaymentSchema>, number | string>;
export type TransactionsQuery = z.input<typeof transactionsQuerySchema>;
