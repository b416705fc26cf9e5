import { z } from "zod";
import { requiredString } from "./common";

export const createSiteSchema = z.strictObject({
  providerId: z.coerce.number().int().positive(),
  dealerId: z.coerce.number().int().positive(),
  name: requiredString("name"),
});
export type CreateSiteInput = z.input<typeof createSiteSchema>;
