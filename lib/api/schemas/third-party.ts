import { z } from "zod";
import { amountSchema, ibanDocumentation, MAX_INT4, optionalString, requiredString } from "@/lib/domain/schemas/common";
import { perKind, type AccountShape, type ShapeOf, type ThirdPartyKind } from "@/lib/domain/payment-methods";

const customer = {
  user_id: requiredString("user_id"),
  username: requiredString("username"),
  fullname: requiredString("fullname"),
};
const gatewayId = z
  .number({ error: (i) => (i.input === undefined ? "gateway_id is required" : "gateway_id must be an integer") })
  .int("gateway_id must be an integer")
  .positive("gateway_id must be positive")
  .max(MAX_INT4, `gateway_id must be at most ${MAX_INT4}`);

/** Third-party deposits: the bank deposit body for all three (decisions §3). */
export const thirdPartyDepositSchema = z.strictObject({ ...customer, amount: amountSchema({ min: "1" }) });

/**
 * Third-party withdrawals. Account fields are checked against the chosen gateway (required_fields,
 * supported_crypto_types, address format, IBAN) after the body is parsed, each a 422 "Validation failed" message;
 * the document states the IBAN's rules all the same, since any request breaking them is refused.
 */
const WITHDRAWAL_BODIES = {
  bank: z.strictObject({
    ...customer,
    amount: amountSchema({ min: "1" }),
    gateway_id: gatewayId,
    iban: requiredString("iban", 64).meta(ibanDocumentation()),
    account_holder: optionalString("account_holder"),
  }),
  crypto: z.strictObject({
    ...customer,
    amount: amountSchema({ min: "0.01" }),
    gateway_id: gatewayId,
    crypto_type: requiredString("crypto_type", 32),
    wallet_address: requiredString("wallet_address", 128),
  }),
  wallet: z.strictObject({
    ...customer,
    amount: amountSchema({ min: "0.01" }),
    gateway_id: gatewayId,
    wallet_number: requiredString("wallet_number", 64),
    account_holder: optionalString("account_holder"),
  }),
} satisfies Record<AccountShape, z.ZodType>;

export type WithdrawalBodySchemaOf<K extends ThirdPartyKind> = (typeof WITHDRAWAL_BODIES)[ShapeOf<K>];

/** Per kind, its withdrawal body: its account shape's. */
export const thirdPartyWithdrawalSchemas = perKind(({ shape }) => WITHDRAWAL_BODIES[shape]) as {
  [K in ThirdPartyKind]: WithdrawalBodySchemaOf<K>;
};
