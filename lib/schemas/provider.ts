import { z } from "zod";
import { httpUrlSchema, ipListSchema, requiredString } from "./common";

export const createProviderSchema = z.strictObject({
  name: requiredString("name"),
  ips: ipListSchema.default([]),
  depositCallbackUrl: httpUrlSchema.optional(),
  withdrawalCallbackUrl: httpUrlSchema.optional(),
  creditCardCallbackUrl: httpUrlSchema.optional(),
});
export type CreateProviderInput = z.input<typeof createProviderSchema>;
