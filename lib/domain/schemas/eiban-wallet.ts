import { z } from "zod";
import { dbIdSchema, ibanSchema, requiredString } from "./common";

/** A wallet as admins register it: the balance is not part of it (the bank says what the account holds). */
export const addEibanWalletSchema = z.strictObject({
  dealerId: dbIdSchema,
  iban: ibanSchema("iban"),
  bankName: requiredString("bank"),
  accountName: requiredString("holder"),
});
export type AddEibanWalletInput = z.input<typeof addEibanWalletSchema>;

/** What staff may change on a wallet: the balance and IBAN come from the bank, so they are not editable. */
export const updateEibanWalletSchema = z.strictObject({
  bankName: requiredString("bank"),
  accountName: requiredString("holder"),
  isActive: z.boolean({ error: "active must be true or false" }),
});
export type UpdateEibanWalletInput = z.input<typeof updateEibanWalletSchema>;
