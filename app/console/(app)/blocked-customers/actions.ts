"use server";

import { revalidatePath } from "next/cache";
import type { ActionState } from "@/lib/auth/action-user";
import { formId, formText } from "@/lib/console/form-values";
import { guardedAction } from "@/lib/console/guarded-action";
import { blockCustomer } from "@/lib/customers/block-customer";
import { unblockCustomer } from "@/lib/customers/unblock-customer";

// Blocks belong to a provider, not a dealer, so only admins change them; provider viewers read their own.
const ADMINS_ONLY = "Only admins block or unblock customers.";

export async function blockCustomerAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return guardedAction(["ADMIN"], ADMINS_ONLY, async (_user, actor) => {
    const providerId = formId(form, "providerId");
    if (!providerId) return { error: "Choose a provider." };
    const reason = formText(form, "reason").trim();
    const blocked = await blockCustomer({ providerId, userId: formText(form, "userId"), reason: reason || undefined }, actor);
    revalidatePath("/console/blocked-customers");
    return { ok: `Customer ${blocked.user_id} is blocked: their new payments are refused.` };
  });
}

export async function unblockCustomerAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return guardedAction(["ADMIN"], ADMINS_ONLY, async (_user, actor) => {
    const id = formId(form);
    if (!id) return { error: "Unknown block: reload the page." };
    const lifted = await unblockCustomer(id, actor);
    revalidatePath("/console/blocked-customers");
    return { ok: `Customer ${lifted.user_id} may pay again.` };
  });
}
