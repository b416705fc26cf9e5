import { z } from "zod";
import { amountSchema, dbIdSchema, ibanSchema, requiredString } from "./common";
import { compareDecimal } from "@/lib/base/money/compare-decimal";

const accountFields = {
  bankName: requiredString("bank"),
  accountName: requiredString("holder"),
  iban: ibanSchema("iban"),
  minAmount: amountSchema({ min: "0.01", allowString: true, field: "min" }),
  maxAmount: amountSchema({ min: "0.01", allowString: true, field: "max" }),
};
const limitsInOrder = { message: "min must not exceed max", path: ["min"] };

export const addBankAccountSchema = z
  .strictObject({ dealerId: dbIdSchema, ...accountFields })
  .refine((v) => compareDecimal(v.minAmount, v.maxAmount) <= 0, limitsInOrder);
export type AddBankAccountInput = z.input<typeof addBankAccountSchema>;

/** An account's details, limits and active flag; the dealer it belongs to never changes. */
export const updateBankAccountSchema = z
  .strictObject({ ...accountFields, isActive: z.boolean({ error: "active must be true or false" }) })
  .refine((v) => compareDecimal(v.minAmount, v.maxAmount) <= 0, limitsInOrder);
export type UpdateBankAccountInput = z.input<typeof updateBankAccountSchema>;
