import { z } from "zod";
import { httpUrlSchema, ipListSchema, requiredString } from "./common";

export const DEALER_METHODS = ["credit_card", "eiban", "manual_iban"] as const;

export const createDealerSchema = z.strictObject({
  name: requiredString("name"),
  methods: z.array(z.enum(DEALER_METHODS, { error: `methods must be among ${DEALER_METHODS.join(", ")}` })).default([]),
  creditCardCallbackUrl: httpUrlSchema.optional(),
  ips: ipListSchema.default([]),
  welcomeMessage: z.string().trim().max(500).optional(),
});
export type CreateDealerInput = z.input<typeof createDealerSchema>;
