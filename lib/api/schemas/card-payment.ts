import { z } from "zod";
import { amountSchema, emailSchema, optionalString, requiredString } from "@/lib/domain/schemas/common";

const description = optionalString("description");
const email = emailSchema();

/** POST /api/provider/credit-card/payment (credential_key travels in the body, not in the hash). */
export const providerCardPaymentSchema = z.strictObject({
  credential_key: requiredString("credential_key"),
  username: requiredString("username"),
  user_id: requiredString("user_id"),
  firstname: requiredString("firstname"),
  lastname: requiredString("lastname"),
  email,
  phone: requiredString("phone", 32),
  amount: amountSchema({ min: "1" }),
  description,
});

/** POST /api/dealer/credit-card/payment: minimum 200 TRY. */
export const dealerCardPaymentSchema = z.strictObject({
  username: requiredString("username"),
  firstname: requiredString("firstname"),
  lastname: requiredString("lastname"),
  email,
  phone: requiredString("phone", 32),
  amount: amountSchema({ min: "200", allowString: true }),
  description,
});

export const cardStatusSchema = z.strictObject({ tracking_code: requiredString("tracking_code", 64) });
