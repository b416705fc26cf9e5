import { z } from "zod";
import { DEALER_SWITCH_NAMES } from "@/lib/domain/payment-methods/dealer-switches";
import { httpUrlSchema, ipListSchema, optionalHttpUrl, requiredString, storableString } from "./common";

/** The dealer switches' names, as the API, the CLI and the console forms take them. */
export const DEALER_METHODS = DEALER_SWITCH_NAMES;

export const createDealerSchema = z.strictObject({
  name: requiredString("name"),
  methods: z.array(z.enum(DEALER_METHODS, { error: `methods must be among ${DEALER_METHODS.join(", ")}` })).default([]),
  creditCardCallbackUrl: httpUrlSchema.optional(),
  ips: ipListSchema.default([]),
  welcomeMessage: storableString.trim().max(500).optional(),
});
export type CreateDealerInput = z.input<typeof createDealerSchema>;

/** The dealer's settings as admins edit them in the console (the secret and whitelist have their own actions). */
export const updateDealerSchema = z.strictObject({
  name: requiredString("name"),
  welcomeMessage: storableString
    .trim()
    .max(500, "welcome message must be at most 500 characters")
    .transform((v) => v || null),
  isActive: z.boolean({ error: "active must be true or false" }),
  methods: z.array(z.enum(DEALER_METHODS, { error: `methods must be among ${DEALER_METHODS.join(", ")}` })),
  creditCardCallbackUrl: optionalHttpUrl("card callback URL"),
});
export type UpdateDealerInput = z.input<typeof updateDealerSchema>;
