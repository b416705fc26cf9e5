"use server";

import { revalidatePath } from "next/cache";
import type { ActionState } from "@/lib/auth/action-user";
import { formFlag, formId, formText } from "@/lib/console/form-values";
import { guardedAction } from "@/lib/console/guarded-action";
import { createSite } from "@/lib/sites/create-site";
import { rotateSiteCredentialKey } from "@/lib/sites/rotate-site-credential-key";
import { updateSite } from "@/lib/sites/update-site";

// Dealer staff and provider viewers see their sites read-only; only admins reach these actions.
const ADMINS_ONLY = "Only admins manage sites.";
const UNKNOWN = { error: "Unknown site: reload the page." };

export async function createSiteAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return guardedAction(["ADMIN"], ADMINS_ONLY, async (_user, actor) => {
    const providerId = formId(form, "providerId");
    const dealerId = formId(form, "dealerId");
    if (!providerId || !dealerId) return { error: "Choose a provider and a dealer." };
    const created = await createSite({ providerId, dealerId, name: formText(form, "name") }, actor);
    revalidatePath("/console/sites");
    return {
      ok: `Site #${created.id} created. Give its credential key to the provider over a secure channel.`,
      secrets: [{ label: "Credential key", value: created.credential_key }],
    };
  });
}

export async function updateSiteAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return guardedAction(["ADMIN"], ADMINS_ONLY, async (_user, actor) => {
    const id = formId(form);
    if (!id) return UNKNOWN;
    await updateSite(id, { name: formText(form, "name"), dealerId: formText(form, "dealerId"), isActive: formFlag(form, "isActive") }, actor);
    revalidatePath("/console/sites");
    return { ok: "Saved." };
  });
}

export async function rotateSiteKeyAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return guardedAction(["ADMIN"], ADMINS_ONLY, async (_user, actor) => {
    const id = formId(form);
    if (!id) return UNKNOWN;
    const rotated = await rotateSiteCredentialKey(id, actor);
    revalidatePath("/console/sites");
    return { ok: "New credential key issued. The old one no longer works.", secrets: [{ label: "Credential key", value: rotated.credential_key }] };
  });
}
