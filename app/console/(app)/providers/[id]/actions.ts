"use server";

import { revalidatePath } from "next/cache";
import type { ActionState } from "@/lib/edge/auth/action-user";
import { formFlag, formId, formText } from "@/lib/edge/console/form-values";
import { accountSecurityAction, accountWhitelistAction, rotateAccountSecretAction } from "@/lib/edge/console/account-actions";
import { guardedAction } from "@/lib/edge/console/guarded-action";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import { rotateVerificationKey } from "@/lib/domain/providers/rotate-verification-key";
import { updateProvider } from "@/lib/domain/providers/update-provider";

// Admins manage every provider, so the role is the whole tenancy check; provider viewers are read-only.
const ADMINS_ONLY = (t: ConsoleMessages) => t.providers.adminsOnlyChange;
const unknown = (t: ConsoleMessages) => ({ error: t.providers.unknown });

export async function updateProviderAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return guardedAction(["ADMIN"], ADMINS_ONLY, async (_user, actor, t) => {
    const id = formId(form);
    if (!id) return unknown(t);
    const saved = await updateProvider(
      id,
      {
        name: formText(form, "name"),
        isActive: formFlag(form, "isActive"),
        depositCallbackUrl: formText(form, "depositCallbackUrl"),
        withdrawalCallbackUrl: formText(form, "withdrawalCallbackUrl"),
        creditCardCallbackUrl: formText(form, "creditCardCallbackUrl"),
      },
      actor,
    );
    revalidatePath(`/console/providers/${id}`);
    return { ok: saved.isActive ? t.common.saved : t.providers.savedInactive };
  });
}

export async function providerWhitelistAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return accountWhitelistAction("provider", form);
}

export async function rotateProviderSecretAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return rotateAccountSecretAction("provider", form);
}

export async function rotateVerificationKeyAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return guardedAction(["ADMIN"], ADMINS_ONLY, async (_user, actor, t) => {
    const id = formId(form);
    if (!id) return unknown(t);
    const rotated = await rotateVerificationKey(id, actor);
    revalidatePath(`/console/providers/${id}`);
    return { ok: t.providers.newVerificationKey, secrets: [{ label: t.keys.verificationKey, value: rotated.verification_key }] };
  });
}

export async function providerSecurityAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return accountSecurityAction("provider", form);
}
