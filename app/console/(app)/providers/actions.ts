"use server";

import { revalidatePath } from "next/cache";
import type { ActionState } from "@/lib/auth/action-user";
import { formId, formText } from "@/lib/console/form-values";
import { guardedAction } from "@/lib/console/guarded-action";
import { validate } from "@/lib/http/validate";
import { createProvider } from "@/lib/providers/create-provider";
import { updateProviderSettings } from "@/lib/providers/update-provider-settings";
import { ipWhitelistTextSchema } from "@/lib/schemas/ip-whitelist";

const ADMINS_ONLY = "Only admins manage providers.";
const UNKNOWN = { error: "Unknown provider: reload the page." };

export async function createProviderAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return guardedAction(["ADMIN"], ADMINS_ONLY, async (_user, actor) => {
    const urls = (name: string) => formText(form, name).trim() || undefined;
    const created = await createProvider(
      {
        name: formText(form, "name"),
        ips: validate(ipWhitelistTextSchema, formText(form, "ipWhitelist")),
        depositCallbackUrl: urls("depositCallbackUrl"),
        withdrawalCallbackUrl: urls("withdrawalCallbackUrl"),
        creditCardCallbackUrl: urls("creditCardCallbackUrl"),
      },
      actor,
    );
    revalidatePath("/console/providers");
    return {
      ok: `Provider #${created.id} created. Give these keys to the provider over a secure channel.`,
      secrets: [
        { label: "API key", value: created.api_key },
        { label: "Secret key", value: created.secret_key },
        { label: "Verification key", value: created.verification_key },
      ],
    };
  });
}

export async function providerSettingsAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return guardedAction(["ADMIN"], "Only admins change provider settings.", async (_user, actor) => {
    const id = formId(form);
    if (!id) return UNKNOWN;
    await updateProviderSettings(id, { rateLimitPerMinute: form.get("rateLimitPerMinute"), embedOrigins: form.get("embedOrigins") }, actor);
    revalidatePath(`/console/providers/${id}`);
    return { ok: "Saved." };
  });
}
