import { z } from "zod";
import { dbIdSchema, MAX_INT4, requiredString, storableString } from "./common";

/**
 * Where the payment page's final screens send the customer back: an http(s) address of the site; empty for
 * none (the page then says it can be closed).
 */
const returnUrlSchema = storableString
  .trim()
  .max(2000, "return URL must be at most 2000 characters")
  .refine((v) => v === "" || /^https?:\/\/[^\s/]+/i.test(v) && URL.canParse(v), "return URL must be an http:// or https:// address")
  .transform((v) => v || null)
  .optional();

export const createSiteSchema = z.strictObject({
  providerId: dbIdSchema,
  dealerId: dbIdSchema,
  name: requiredString("name"),
});
export type CreateSiteInput = z.input<typeof createSiteSchema>;

/** A site as admins edit it: its name, the dealer whose accounts take its payments, and the active flag. */
export const updateSiteSchema = z.strictObject({
  name: requiredString("name"),
  dealerId: z.coerce.number({ error: "choose a dealer" }).int("choose a dealer").positive("choose a dealer").max(MAX_INT4, "choose a dealer"),
  isActive: z.boolean({ error: "active must be true or false" }),
  returnUrl: returnUrlSchema,
});
export type UpdateSiteInput = z.input<typeof updateSiteSchema>;
