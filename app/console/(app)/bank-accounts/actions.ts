"use server";

import { revalidatePath } from "next/cache";
import type { ActionState } from "@/lib/edge/auth/action-user";
import { addBankAccount } from "@/lib/domain/bank-accounts/add-bank-account";
import { updateBankAccount } from "@/lib/domain/bank-accounts/update-bank-account";
import { formAmount, formFlag, formId, formText } from "@/lib/edge/console/form-values";
import { guardedAction } from "@/lib/edge/console/guarded-action";
import { targetDealer } from "@/lib/edge/console/target-dealer";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";

const STAFF_ONLY = (t: ConsoleMessages) => t.bankAccounts.staffOnly;

export async function addBankAccountAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return guardedAction(["ADMIN", "DEALER"], STAFF_ONLY, async (user, actor, t) => {
    const target = targetDealer(user, form, t.errors);
    if ("error" in target) return target;
    const created = await addBankAccount(
      { dealerId: target.dealerId, bankName: formText(form, "bankName"), accountName: formText(form, "accountName"), iban: formText(form, "iban"), minAmount: formAmount(form, "minAmount"), maxAmount: formAmount(form, "maxAmount") },
      actor,
    );
    revalidatePath("/console/bank-accounts");
    return { ok: t.bankAccounts.added(created.id) };
  });
}

export async function updateBankAccountAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return guardedAction(["ADMIN", "DEALER"], STAFF_ONLY, async (_user, actor, t) => {
    const id = formId(form);
    if (!id) return { error: t.bankAccounts.unknown };
    // updateBankAccount refuses another dealer's account for dealer staff (actor.dealerId), in its transaction.
    const saved = await updateBankAccount(
      id,
      {
        bankName: formText(form, "bankName"),
        accountName: formText(form, "accountName"),
        iban: formText(form, "iban"),
        minAmount: formAmount(form, "minAmount"),
        maxAmount: formAmount(form, "maxAmount"),
        isActive: formFlag(form, "isActive"),
      },
      actor,
    );
    revalidatePath("/console/bank-accounts");
    return { ok: saved.isActive ? t.common.saved : t.bankAccounts.savedInactive };
  });
}
