import { z } from "zod";
import { httpUrlSchema, ipListSchema, optionalHttpUrl, requiredString } from "./common";

export const createProviderSchema = z.strictObject({
  name: requiredString("name"),
  ips: ipListSchema.default([]),
  depositCallbackUrl: httpUrlSchema.optional(),
  withdrawalCallbackUrl: httpUrlSchema.optional(),
  creditCardCallbackUrl: httpUrlSchema.optional(),
});
export type CreateProviderInput = z.input<typeof createProviderSchema>;

/** The provider's profile as admins edit it in the console (secrets and keys have their own actions). */
export const updateProviderSchema = z.strictObject({
  name: requiredString("name"),
  isActive: z.boolean({ error: "active must be true or false" }),
  depositCallbackUrl: optionalHttpUrl("deposit callback URL"),
  withdrawalCallbackUrl: optionalHttpUrl("withdrawal callback URL"),
  creditCardCallbackUrl: optionalHttpUrl("card callback URL"),
});
export type UpdateProviderInput = z.input<typeof updateProviderSchema>;
