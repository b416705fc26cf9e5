"use server";

import { revalidatePath } from "next/cache";
import type { ActionState } from "@/lib/edge/auth/action-user";
import { updateApiSecurity } from "@/lib/domain/accounts/update-api-security";
import { formFlag, formId, formText } from "@/lib/edge/console/form-values";
import { guardedAction } from "@/lib/edge/console/guarded-action";
import { consoleTime } from "@/lib/edge/console/format";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import { rotateProviderSecret } from "@/lib/domain/providers/rotate-provider-secret";
import { rotateVerificationKey } from "@/lib/domain/providers/rotate-verification-key";
import { updateProvider } from "@/lib/domain/providers/update-provider";
import { updateProviderIpWhitelist } from "@/lib/domain/providers/update-provider-ip-whitelist";

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
  return guardedAction(["ADMIN"], ADMINS_ONLY, async (_user, actor, t) => {
    const id = formId(form);
    if (!id) return unknown(t);
    const { ipWhitelist } = await updateProviderIpWhitelist(id, formText(form, "ipWhitelist"), actor);
    revalidatePath(`/console/providers/${id}`);
    return { ok: ipWhitelist.length ? t.keys.savedEntries(ipWhitelist.length) : t.providers.savedEmptyWhitelist };
  });
}

export async function rotateProviderSecretAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return guardedAction(["ADMIN"], ADMINS_ONLY, async (_user, actor, t) => {
    const id = formId(form);
    if (!id) return unknown(t);
    const rotated = await rotateProviderSecret(id, actor, Number(formText(form, "graceSeconds") || "0"));
    revalidatePath(`/console/providers/${id}`);
    const until = rotated.previous_secret_valid_until;
    return {
      ok: until ? t.keys.newSecretUntil(consoleTime(new Date(until), t.lang)) : t.keys.newSecretNow,
      secrets: [{ label: t.keys.secretKey, value: rotated.secret_key }],
    };
  });
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
  return guardedAction(["ADMIN"], ADMINS_ONLY, async (_user, actor, t) => {
    const id = formId(form);
    if (!id) return unknown(t);
    await updateApiSecurity("provider", id, { requireSignedBodies: formFlag(form, "requireSignedBodies"), maxTransactionAmount: formText(form, "maxTransactionAmount") }, actor);
    revalidatePath(`/console/providers/${id}`);
    return { ok: t.common.saved };
  });
}
