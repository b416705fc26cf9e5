import { z } from "zod";
import { dbIdSchema, MAX_INT4, requiredString } from "./common";

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
});
export type UpdateSiteInput = z.input<typeof updateSiteSchema>;
