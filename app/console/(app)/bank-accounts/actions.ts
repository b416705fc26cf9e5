"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { addBankAccount } from "@/lib/domain/bank-accounts/add-bank-account";
import { updateBankAccount } from "@/lib/domain/bank-accounts/update-bank-account";
import { consoleAction } from "@/lib/edge/console/console-action";
import { formField } from "@/lib/edge/console/form-fields";
import { targetDealer } from "@/lib/edge/console/target-dealer";

const STAFF = ["ADMIN", "DEALER"] as const;
const account = {
  bankName: formField.text,
  accountName: formField.text,
  iban: formField.text,
  minAmount: formField.amount,
  maxAmount: formField.amount,
};

export const addBankAccountAction = consoleAction({
  roles: STAFF,
  schema: z.object({ dealerId: z.unknown(), ...account }),
  run: async ({ input, user, actor, t }) => {
    const target = targetDealer(user, input.dealerId, t.errors);
    if ("error" in target) return target;
    const { bankName, accountName, iban, minAmount, maxAmount } = input;
    const created = await addBankAccount(
      { dealerId: target.dealerId, bankName, accountName, iban, minAmount, maxAmount },
      actor,
    );
    revalidatePath("/console/bank-accounts");
    return { ok: t.bankAccounts.added(created.id) };
  },
});

export const updateBankAccountAction = consoleAction({
  roles: STAFF,
  schema: z.object({ id: formField.id, ...account, isActive: formField.flag }),
  run: async ({ input: { id, ...fields }, actor, t }) => {
    if (!id) return { error: t.bankAccounts.unknown };
    // updateBankAccount refuses another dealer's account for dealer staff (actor.dealerId), in its transaction.
    const saved = await updateBankAccount(id, fields, actor);
    revalidatePath("/console/bank-accounts");
    return { ok: saved.isActive ? t.common.saved : t.bankAccounts.savedInactive };
  },
});
