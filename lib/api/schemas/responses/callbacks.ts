import { z } from "zod";
import { callbackStatusEnum, THIRD_PARTY_KINDS } from "@/lib/domain/payment-methods";
import { localIsoDateTime, moneyNumber } from "./shared";

/** Bodies the service POSTs to callback URLs (provider-api.md and dealer-api.md "Events"). */

const signature = {
  timestamp: z.number().int().meta({ description: "Unix seconds; equals X-Timestamp" }),
  hash: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .meta({ description: "H(api_key + secret_key + tracking_code + status + timestamp); equals X-Hash" }),
  test: z.literal(true).optional().meta({ description: "Present only on test callbacks sent from the console" }),
};

const thirdPartyFields = {
  type: z.string().optional().meta({ description: "Third-party transactions only, e.g. third_party_crypto_deposit" }),
  payment_method: z.enum(THIRD_PARTY_KINDS).optional().meta({ description: "Third-party transactions only" }),
  account_holder: z.string().optional(),
  crypto_type: z.string().optional(),
  wallet_address: z.string().optional(),
  wallet_number: z.string().optional(),
};

const customer = { username: z.string(), fullname: z.string(), user_id: z.string(), site_id: z.number().int() };

export const depositCallbackSchema = z.strictObject({
  tracking_code: z.string(),
  status: z.enum(callbackStatusEnum("PROVIDER_DEPOSIT")),
  amount: moneyNumber.meta({ description: "Final approved (or rejected) amount" }),
  ...customer,
  ...thirdPartyFields,
  iban: z.string().optional(),
  ...signature,
});

export const withdrawalCallbackSchema = z.strictObject({
  tracking_code: z.string(),
  status: z
    .enum(callbackStatusEnum("PROVIDER_WITHDRAWAL"))
    .meta({ description: "completed: money sent; rejected/failed: return the amount to the customer's balance" }),
  amount: moneyNumber,
  ...customer,
  iban: z.string().optional().meta({ description: "Recipient IBAN (manual, E-IBAN and third-party bank withdrawals)" }),
  ...thirdPartyFields,
  ...signature,
});

export const cardCallbackSchema = z.strictObject({
  tracking_code: z.string(),
  order_id: z.string(),
  status: z
    .enum(callbackStatusEnum("PROVIDER_CARD"))
    .meta({ description: "An expired payment (15 minutes) is reported as failed with error_code TIMEOUT" }),
  amount: moneyNumber,
  currency: z.literal("TRY"),
  username: z.string(),
  user_id: z.string(),
  site_id: z.number().int(),
  customer_name: z.string(),
  customer_email: z.string(),
  error_code: z.string().optional().meta({ description: "Only when failed" }),
  error_message: z.string().optional().meta({ description: "Only when failed" }),
  ...signature,
});

export const dealerCardCallbackSchema = z.strictObject({
  success: z.boolean().meta({ description: "true for status success, false for failed" }),
  tracking_code: z.string(),
  order_id: z.string(),
  status: z.enum(["success", "failed"]),
  amount: moneyNumber,
  currency: z.literal("TRY"),
  customer_name: z.string(),
  customer_email: z.string(),
  customer_phone: z.string(),
  status_message: z.string().optional(),
  completed_at: localIsoDateTime.optional(),
  error_code: z.string().optional(),
  error_message: z.string().optional(),
  ...signature,
});
