"use server";

import { revalidatePath } from "next/cache";
import type { ActionState } from "@/lib/auth/action-user";
import { formFlag, formId, formText } from "@/lib/console/form-values";
import { guardedAction } from "@/lib/console/guarded-action";
import { consoleTime, countLabel } from "@/lib/console/format";
import { rotateProviderSecret } from "@/lib/providers/rotate-provider-secret";
import { rotateVerificationKey } from "@/lib/providers/rotate-verification-key";
import { updateProvider } from "@/lib/providers/update-provider";
import { updateProviderIpWhitelist } from "@/lib/providers/update-provider-ip-whitelist";

// Admins manage every provider, so the role is the whole tenancy check; provider viewers are read-only.
const ADMINS_ONLY = "Only admins change providers.";
const UNKNOWN = { error: "Unknown provider: reload the page." };

export async function updateProviderAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return guardedAction(["ADMIN"], ADMINS_ONLY, async (_user, actor) => {
    const id = formId(form);
    if (!id) return UNKNOWN;
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
    return { ok: saved.isActive ? "Saved." : "Saved. The provider is inactive: its requests are refused (403)." };
  });
}

export async function providerWhitelistAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return guardedAction(["ADMIN"], ADMINS_ONLY, async (_user, actor) => {
    const id = formId(form);
    if (!id) return UNKNOWN;
    const { ipWhitelist } = await updateProviderIpWhitelist(id, formText(form, "ipWhitelist"), actor);
    revalidatePath(`/console/providers/${id}`);
    return { ok: ipWhitelist.length ? `Saved ${countLabel(ipWhitelist.length, "entry", "entries")}.` : "Saved. The whitelist is empty: every request is refused." };
  });
}

export async function rotateProviderSecretAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return guardedAction(["ADMIN"], ADMINS_ONLY, async (_user, actor) => {
    const id = formId(form);
    if (!id) return UNKNOWN;
    const rotated = await rotateProviderSecret(id, actor, Number(formText(form, "graceSeconds") || "0"));
    revalidatePath(`/console/providers/${id}`);
    const until = rotated.previous_secret_valid_until;
    return {
      ok: until ? `New secret issued. The old secret keeps working until ${consoleTime(new Date(until))}.` : "New secret issued. The old secret no longer works.",
      secrets: [{ label: "Secret key", value: rotated.secret_key }],
    };
  });
}

export async function rotateVerificationKeyAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return guardedAction(["ADMIN"], ADMINS_ONLY, async (_user, actor) => {
    const id = formId(form);
    if (!id) return UNKNOWN;
    const rotated = await rotateVerificationKey(id, actor);
    revalidatePath(`/console/providers/${id}`);
    return { ok: "New verification key issued. The old one no longer works.", secrets: [{ label: "Verification key", value: rotated.verification_key }] };
  });
}
