import { z } from "zod";
import { dbIdSchema, requiredString, storableString } from "./common";

export const blockCustomerSchema = z.strictObject({
  providerId: dbIdSchema,
  userId: requiredString("user-id"),
  reason: storableString.trim().max(500).optional(),
});
export type BlockCustomerInput = z.input<typeof blockCustomerSchema>;
