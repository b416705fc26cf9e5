import { z } from "zod";
import { amountSchema, ibanSchema, requiredString } from "./common";

export const addEibanWalletSchema = z.strictObject({
  dealerId: z.coerce.number().int().positive(),
  iban: ibanSchema("iban"),
  bankName: requiredString("bank"),
  accountName: requiredString("holder"),
  balance: amountSchema({ min: "0.00", allowString: true, field: "balance" }).default("0.00"),
});
export type AddEibanWalletInput = z.input<typeof addEibanWalletSchema>;
