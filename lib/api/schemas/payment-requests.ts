import { z } from "zod";
import { amountSchema, ibanSchema, requiredString } from "@/lib/domain/schemas/common";

const customer = {
  fullname: requiredString("fullname"),
  username: requiredString("username"),
  user_id: requiredString("user_id"),
};

/** start-manual-deposit, start-eiban-deposit (and the third-party deposits, decisions §3). */
export const depositRequestSchema = z.strictObject({ ...customer, amount: amountSchema({ min: "1" }) });

/** start-manual-withdraw and start-eiban-withdraw. */
export const withdrawalRequestSchema = z.strictObject({
  ...customer,
  iban: ibanSchema("iban"),
  amount: amountSchema({ min: "1" }),
});

/** POST /api/dealer/manual-iban/deposit (note the dealer document's `userid`). */
export const dealerDepositSchema = z.strictObject({
  username: requiredString("username"),
  userid: requiredString("userid"),
  fullname: requiredString("fullname"),
  amount: amountSchema({ min: "1", allowString: true }),
});

/** POST /api/dealer/manual-iban/withdraw. */
export const dealerWithdrawalSchema = z.strictObject({
  username: requiredString("username"),
  userid: requiredString("userid"),
  amount: amountSchema({ min: "1", allowString: true }),
  recipient_name: requiredString("recipient_name"),
  recipient_iban: ibanSchema("recipient_iban"),
});
