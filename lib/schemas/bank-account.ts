import { z } from "zod";
import { amountSchema, compareDecimal, ibanSchema, requiredString } from "./common";

export const addBankAccountSchema = z
  .strictObject({
    dealerId: z.coerce.number().int().positive(),
    bankName: requiredString("bank"),
    accountName: requiredString("holder"),
    iban: ibanSchema("iban"),
    minAmount: amountSchema({ min: "0.01", allowString: true, field: "min" }),
    maxAmount: amountSchema({ min: "0.01", allowString: true, field: "max" }),
  })
  .refine((v) => compareDecimal(v.minAmount, v.maxAmount) <= 0, { message: "min must not exceed max", path: ["min"] });
export type AddBankAccountInput = z.input<typeof addBankAccountSchema>;
