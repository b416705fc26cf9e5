"use server";

import { revalidatePath } from "next/cache";
import type { ActionState } from "@/lib/edge/auth/action-user";
import { formId, formText } from "@/lib/edge/console/form-values";
import { guardedAction } from "@/lib/edge/console/guarded-action";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import { createConsoleUser } from "@/lib/domain/users/create-console-user";
import { updateConsoleUser } from "@/lib/domain/users/update-console-user";

const ADMINS_ONLY = (t: ConsoleMessages) => t.users.adminsOnly;
const unknown = (t: ConsoleMessages) => ({ error: t.users.unknown });

export async function createUserAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return guardedAction(["ADMIN"], ADMINS_ONLY, async (_user, actor, t) => {
    const role = formText(form, "role");
    if (role !== "admin" && role !== "dealer" && role !== "provider") return { error: t.users.chooseRole };
    // Only the tenant field of the chosen role is read, so a stale choice in the other select is ignored.
    const dealerId = role === "dealer" ? formId(form, "dealerId") : null;
    const providerId = role === "provider" ? formId(form, "providerId") : null;
    if (role === "dealer" && !dealerId) return { error: t.users.chooseDealer };
    if (role === "provider" && !providerId) return { error: t.users.chooseProvider };
    const created = await createConsoleUser(
      { email: formText(form, "email"), password: formText(form, "password"), role, dealerId: dealerId ?? undefined, providerId: providerId ?? undefined },
      actor,
    );
    revalidatePath("/console/users");
    return { ok: t.users.created(created.email) };
  });
}

export async function setUserActiveAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return guardedAction(["ADMIN"], ADMINS_ONLY, async (_user, actor, t) => {
    const id = formId(form);
    if (!id) return unknown(t);
    const active = formText(form, "active") === "true";
    const saved = await updateConsoleUser(id, { isActive: active }, actor);
    revalidatePath("/console/users");
    return { ok: saved.isActive ? t.users.reactivated(saved.email) : t.users.deactivatedNow(saved.email) };
  });
}

export async function setUserPasswordAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return guardedAction(["ADMIN"], ADMINS_ONLY, async (_user, actor, t) => {
    const id = formId(form);
    if (!id) return unknown(t);
    const saved = await updateConsoleUser(id, { password: formText(form, "password") }, actor);
    return { ok: t.users.passwordSet(saved.email) };
  });
}
