import { z } from "zod";
import { amountSchema } from "./common";

/** A provider's or dealer's API security settings as admins edit them in the console. */
export const apiSecuritySchema = z.strictObject({
  requireSignedBodies: z.boolean({ error: "require signed bodies must be true or false" }),
  maxTransactionAmount: amountSchema({ min: "1", allowString: true, field: "maximum per transaction" }),
});
export type ApiSecurityInput = z.input<typeof apiSecuritySchema>;
