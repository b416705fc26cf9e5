import { z } from "zod";
import { CARD_STATUSES } from "@/lib/domain/payment-methods";
import {
  customerSchema,
  envelopeTimestamp,
  moneyNumber,
  offsetIsoDateTime,
  ok,
  paymentUrlSchema,
  siteRefSchema,
  spaceDateTime,
  trackingCodeSchema,
} from "./shared";

/** Success bodies of /api/provider/* (provider-api.md "Endpoints"); services return these types. */

export const welcomeResponseSchema = z.strictObject({
  success: ok,
  message: z.string(),
  info: z.string(),
  next_step: z.string(),
  provider: z.strictObject({ id: z.number().int(), name: z.string(), is_active: z.boolean() }),
  timestamp: envelopeTimestamp,
});

export const sitesResponseSchema = z.strictObject({
  success: ok,
  provider: z.strictObject({ id: z.number().int(), name: z.string() }),
  total_sites: z.number().int(),
  sites: z.array(
    z.strictObject({ id: z.number().int(), name: z.string(), is_active: z.boolean(), created_at: spaceDateTime }),
  ),
  timestamp: envelopeTimestamp,
});

const depositData = (prefix: string) => ({
  tracking_code: trackingCodeSchema(prefix),
  payment_url: paymentUrlSchema,
  site: siteRefSchema,
  customer: customerSchema,
  amount: moneyNumber,
  status: z.literal("showing"),
  expires_at: spaceDateTime,
});

export const manualDepositResponseSchema = z.strictObject({
  success: ok,
  message: z.string(),
  data: z.strictObject({ ...depositData("MAN"), created_at: spaceDateTime }),
  timestamp: envelopeTimestamp,
});

export const eibanDepositResponseSchema = z.strictObject({
  success: ok,
  message: z.string(),
  data: z.strictObject(depositData("EIBAN")),
});

const withdrawalData = (prefix: string) => ({
  tracking_code: trackingCodeSchema(prefix),
  site: siteRefSchema,
  customer: customerSchema,
  iban: z.string(),
  amount: moneyNumber,
  status: z.literal("pending"),
});

export const manualWithdrawalResponseSchema = z.strictObject({
  success: ok,
  message: z.string(),
  data: z.strictObject({ ...withdrawalData("WIT"), created_at: spaceDateTime }),
  timestamp: envelopeTimestamp,
});

export const eibanWithdrawalResponseSchema = z.strictObject({
  success: ok,
  message: z.string(),
  data: z.strictObject(withdrawalData("EIBAN-WIT")),
});

export const cardPaymentResponseSchema = z.strictObject({
  success: ok,
  message: z.string(),
  data: z.strictObject({
    tracking_code: trackingCodeSchema("CC"),
    payment_url: paymentUrlSchema,
    order_id: z.string().meta({ description: "Gateway order identifier" }),
    amount: moneyNumber,
    currency: z.literal("TRY"),
  }),
});

export { CARD_STATUSES } from "@/lib/domain/payment-methods";

export const cardStatusResponseSchema = z.strictObject({
  success: ok,
  data: z.strictObject({
    tracking_code: trackingCodeSchema("CC"),
    order_id: z.string(),
    status: z.enum(CARD_STATUSES),
    amount: moneyNumber,
    currency: z.literal("TRY"),
    username: z.string(),
    user_id: z.string(),
    created_at: offsetIsoDateTime,
    updated_at: offsetIsoDateTime,
  }),
});

const gatewaySchema = z.strictObject({
  id: z.number().int().meta({ description: "Send as gateway_id" }),
  name: z.string(),
  code: z.string(),
  min_amount: moneyNumber,
  max_amount: moneyNumber,
  required_fields: z.array(z.string()),
  description: z.string(),
});

const gatewayList = <G extends z.ZodType>(gateway: G) =>
  z.strictObject({
    success: ok,
    message: z.string(),
    data: z.strictObject({ gateways: z.array(gateway), count: z.number().int() }),
    timestamp: envelopeTimestamp,
  });

export const gatewayListResponseSchema = gatewayList(gatewaySchema);
export const cryptoGatewayListResponseSchema = gatewayList(
  gatewaySchema.extend({
    supported_crypto_types: z
      .array(z.string())
      .meta({ description: "Values accepted as crypto_type, e.g. USDT-TRC20" }),
  }),
);

export type WelcomeResponse = z.output<typeof welcomeResponseSchema>;
export type SitesResponse = z.output<typeof sitesResponseSchema>;
export type ProviderDepositResponse =
  z.output<typeof manualDepositResponseSchema> | z.output<typeof eibanDepositResponseSchema>;
export type ProviderWithdrawalResponse =
  z.output<typeof manualWithdrawalResponseSchema> | z.output<typeof eibanWithdrawalResponseSchema>;
export type CardPaymentResponse = z.output<typeof cardPaymentResponseSchema>;
export type CardStatusResponse = z.output<typeof cardStatusResponseSchema>;
export type GatewayListResponse =
  z.output<typeof gatewayListResponseSchema> | z.output<typeof cryptoGatewayListResponseSchema>;
