"use server";

import type { ActionState } from "@/lib/edge/auth/action-user";
import { formFlag, formText } from "@/lib/edge/console/form-values";
import { accountAction, accountSecurityAction, accountWhitelistAction, rotateAccountSecretAction } from "@/lib/edge/console/account-actions";
import { rotateVerificationKey } from "@/lib/domain/providers/rotate-verification-key";
import { updateProvider } from "@/lib/domain/providers/update-provider";

// Admins manage every provider, so the role is the whole tenancy check; provider viewers are read-only.

export async function updateProviderAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return accountAction("provider", form, async (id, actor, t) => {
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
  return accountAction("provider", form, async (id, actor, t) => {
    const rotated = await rotateVerificationKey(id, actor);
    return { ok: t.providers.newVerificationKey, secrets: [{ label: t.keys.verificationKey, value: rotated.verification_key }] };
  });
}

export async function providerSecurityAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return accountSecurityAction("provider", form);
}
