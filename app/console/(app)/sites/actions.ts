"use server";

import { revalidatePath } from "next/cache";
import type { ActionState } from "@/lib/edge/auth/action-user";
import { formFlag, formId, formText } from "@/lib/edge/console/form-values";
import { guardedAction } from "@/lib/edge/console/guarded-action";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import { createSite } from "@/lib/domain/sites/create-site";
import { rotateSiteCredentialKey } from "@/lib/domain/sites/rotate-site-credential-key";
import { updateSite } from "@/lib/domain/sites/update-site";

// Dealer staff and provider viewers see their sites read-only; only admins reach these actions.
const ADMINS_ONLY = (t: ConsoleMessages) => t.sites.adminsOnly;
const unknown = (t: ConsoleMessages) => ({ error: t.sites.unknown });

export async function createSiteAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return guardedAction(["ADMIN"], ADMINS_ONLY, async (_user, actor, t) => {
    const providerId = formId(form, "providerId");
    const dealerId = formId(form, "dealerId");
    if (!providerId || !dealerId) return { error: t.sites.chooseBoth };
    const created = await createSite({ providerId, dealerId, name: formText(form, "name") }, actor);
    revalidatePath("/console/sites");
    return {
      ok: t.sites.created(created.id),
      secrets: [{ label: t.keys.credentialKey, value: created.credential_key }],
    };
  });
}

export async function updateSiteAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return guardedAction(["ADMIN"], ADMINS_ONLY, async (_user, actor, t) => {
    const id = formId(form);
    if (!id) return unknown(t);
    await updateSite(id, { name: formText(form, "name"), dealerId: formText(form, "dealerId"), isActive: formFlag(form, "isActive"), returnUrl: formText(form, "returnUrl") }, actor);
    revalidatePath("/console/sites");
    return { ok: t.common.saved };
  });
}

export async function rotateSiteKeyAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return guardedAction(["ADMIN"], ADMINS_ONLY, async (_user, actor, t) => {
    const id = formId(form);
    if (!id) return unknown(t);
    const rotated = await rotateSiteCredentialKey(id, actor);
    revalidatePath("/console/sites");
    return { ok: t.sites.newCredentialKey, secrets: [{ label: t.keys.credentialKey, value: rotated.credential_key }] };
  });
}
