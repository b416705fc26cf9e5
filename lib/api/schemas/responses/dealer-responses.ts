import { z } from "zod";
import { DEALER_SWITCH_NAMES, type DealerSwitch } from "@/lib/domain/payment-methods/dealer-switches";
import { TRANSFER_STATUSES } from "@/lib/domain/payment-methods/transfers";
import { localIsoDateTime, moneyNumber, moneyString, ok, paymentUrlSchema, trackingCodeSchema } from "./shared";

/** Success bodies of /api/dealer/* (dealer-api.md "Endpoints"). */

const methodState = z.enum(["active", "inactive"]);

export const dealerSettingsResponseSchema = z.strictObject({
  success: ok,
  message: z.string().meta({ description: "Welcome message naming the dealer" }),
  dealer_name: z.string(),
  payment_methods: z.strictObject(
    Object.fromEntries(DEALER_SWITCH_NAMES.map((s) => [s, methodState])) as Record<DealerSwitch, typeof methodState>,
  ),
});

export const dealerDepositResponseSchema = z.strictObject({
  success: ok,
  message: z.string(),
  data: z.strictObject({
    tracking_code: trackingCodeSchema("DEP"),
    bank_name: z.string(),
    account_name: z.string().meta({ description: "Holder of the offered account" }),
    iban_no: z.string().meta({ description: "IBAN without spaces" }),
    amount: moneyNumber,
    formatted_iban: z.string().meta({ description: "IBAN in groups of four separated by spaces" }),
  }),
});

export const dealerWithdrawalResponseSchema = z.strictObject({
  success: ok,
  message: z.string(),
  data: z.strictObject({
    tracking_code: trackingCodeSchema("WDR"),
    status: z.literal("pending"),
    amount: moneyNumber,
    recipient_name: z.string(),
    recipient_iban: z.string(),
  }),
});

export const eibansResponseSchema = z.strictObject({
  success: ok,
  dealer_name: z.string(),
  total_eibans: z.number().int(),
  eibans: z.array(
    z.strictObject({
      id: z.number().int(),
      iban_no: z.string(),
      bank_name: z.string(),
      account_name: z.string(),
      wallet_id: z.string().meta({ description: "Identifier used in transactions and send-money" }),
      balance: moneyString,
      available_balance: moneyString.meta({
        description: "Balance available for withdrawal (balance minus transfers in flight)",
      }),
    }),
  ),
});

export const eibanTransactionsResponseSchema = z.strictObject({
  success: ok,
  dealer_name: z.string(),
  wallet_id: z.string(),
  date_range: z.strictObject({ start_date: z.string(), end_date: z.string() }),
  pagination: z.strictObject({
    current_page: z.number().int(),
    per_page: z.literal(100),
    total_records: z.number().int(),
    total_pages: z.number().int(),
    has_more: z.boolean(),
  }),
  transactions: z.array(
    z.strictObject({
      transactionId: z.string(),
      amount: moneyString,
      type: z.string().meta({ description: "incoming is the value that appears" }),
      description: z.string(),
      senderName: z.string(),
      senderIban: z.string(),
      date: localIsoDateTime,
    }),
  ),
});

const transferBase = {
  transfer_id: z
    .string()
    .regex(/^TRF-[A-Z0-9]{8}$/)
    .meta({ examples: ["TRF-7K2M9QXD"] }),
  status: z.enum(TRANSFER_STATUSES),
  amount: moneyString,
  recipient_iban: z.string(),
  recipient_name: z.string(),
  created_at: localIsoDateTime,
};

export const sendMoneyResponseSchema = z.strictObject({
  success: ok,
  message: z.string(),
  transfer: z.strictObject(transferBase),
});

export const transferStatusResponseSchema = z.strictObject({
  success: ok,
  dealer_name: z.string(),
  transfer: z.strictObject({
    ...transferBase,
    description: z.string().meta({ description: "The note sent with the transfer, empty when none" }),
    completed_at: localIsoDateTime.nullable(),
  }),
});

export const dealerCardPaymentResponseSchema = z.strictObject({
  success: ok,
  message: z.string(),
  data: z.strictObject({
    tracking_code: trackingCodeSchema("CC"),
    payment_url: paymentUrlSchema,
    order_id: z.string(),
    amount: moneyNumber,
    currency: z.literal("TRY"),
  }),
});

export type DealerSettingsResponse = z.output<typeof dealerSettingsResponseSchema>;
export type DealerDepositResponse = z.output<typeof dealerDepositResponseSchema>;
export type DealerWithdrawalResponse = z.output<typeof dealerWithdrawalResponseSchema>;
export type EibansResponse = z.output<typeof eibansResponseSchema>;
export type EibanTransactionsResponse = z.output<typeof eibanTransactionsResponseSchema>;
export type SendMoneyResponse = z.output<typeof sendMoneyResponseSchema>;
export type TransferStatusResponse = z.output<typeof transferStatusResponseSchema>;
