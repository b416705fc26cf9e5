"use server";

import { revalidatePath } from "next/cache";
import type { ActionState } from "@/lib/edge/auth/action-user";
import { formId, formText } from "@/lib/edge/console/form-values";
import { guardedAction } from "@/lib/edge/console/guarded-action";
import { blockCustomer } from "@/lib/domain/customers/block-customer";
import { unblockCustomer } from "@/lib/domain/customers/unblock-customer";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";

// Blocks belong to a provider, not a dealer, so only admins change them; provider viewers read their own.
const ADMINS_ONLY = (t: ConsoleMessages) => t.blockedCustomers.adminsOnly;

export async function blockCustomerAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return guardedAction(["ADMIN"], ADMINS_ONLY, async (_user, actor, t) => {
    const providerId = formId(form, "providerId");
    if (!providerId) return { error: t.blockedCustomers.chooseProvider };
    const reason = formText(form, "reason").trim();
    const blocked = await blockCustomer({ providerId, userId: formText(form, "userId"), reason: reason || undefined }, actor);
    revalidatePath("/console/blocked-customers");
    return { ok: t.blockedCustomers.blockedNow(blocked.user_id) };
  });
}

export async function unblockCustomerAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return guardedAction(["ADMIN"], ADMINS_ONLY, async (_user, actor, t) => {
    const id = formId(form);
    if (!id) return { error: t.blockedCustomers.unknown };
    const lifted = await unblockCustomer(id, actor);
    revalidatePath("/console/blocked-customers");
    return { ok: t.blockedCustomers.unblocked(lifted.user_id) };
  });
}
