"use server";

import { revalidatePath } from "next/cache";
import type { ActionState } from "@/lib/auth/action-user";
import { formId, formText } from "@/lib/console/form-values";
import { guardedAction } from "@/lib/console/guarded-action";
import { createConsoleUser } from "@/lib/users/create-console-user";
import { updateConsoleUser } from "@/lib/users/update-console-user";

const ADMINS_ONLY = "Only admins manage console users.";
const UNKNOWN = { error: "Unknown user: reload the page." };

export async function createUserAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return guardedAction(["ADMIN"], ADMINS_ONLY, async (_user, actor) => {
    const role = formText(form, "role");
    if (role !== "admin" && role !== "dealer" && role !== "provider") return { error: "Choose a role." };
    // Only the tenant field of the chosen role is read, so a stale choice in the other select is ignored.
    const dealerId = role === "dealer" ? formId(form, "dealerId") : null;
    const providerId = role === "provider" ? formId(form, "providerId") : null;
    if (role === "dealer" && !dealerId) return { error: "Choose the dealer this user works for." };
    if (role === "provider" && !providerId) return { error: "Choose the provider this user may view." };
    const created = await createConsoleUser(
      { email: formText(form, "email"), password: formText(form, "password"), role, dealerId: dealerId ?? undefined, providerId: providerId ?? undefined },
      actor,
    );
    revalidatePath("/console/users");
    return { ok: `${created.email} can sign in now.` };
  });
}

export async function setUserActiveAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return guardedAction(["ADMIN"], ADMINS_ONLY, async (_user, actor) => {
    const id = formId(form);
    if (!id) return UNKNOWN;
    const active = formText(form, "active") === "true";
    const saved = await updateConsoleUser(id, { isActive: active }, actor);
    revalidatePath("/console/users");
    return { ok: saved.isActive ? `${saved.email} can sign in again.` : `${saved.email} is signed out and cannot sign in.` };
  });
}

export async function setUserPasswordAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return guardedAction(["ADMIN"], ADMINS_ONLY, async (_user, actor) => {
    const id = formId(form);
    if (!id) return UNKNOWN;
    const saved = await updateConsoleUser(id, { password: formText(form, "password") }, actor);
    return { ok: `New password set for ${saved.email}.` };
  });
}
