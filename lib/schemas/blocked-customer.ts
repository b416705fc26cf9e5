import { z } from "zod";
import { requiredString } from "./common";

export const blockCustomerSchema = z.strictObject({
  providerId: z.coerce.number().int().positive(),
  userId: requiredString("user-id"),
  reason: z.string().trim().max(500).optional(),
});
export type BlockCustomerInput = z.input<typeof blockCustomerSchema>;
