"use server";

import { revalidatePath } from "next/cache";
import type { ActionState } from "@/lib/edge/auth/action-user";
import { formId, formText } from "@/lib/edge/console/form-values";
import { createAccountAction } from "@/lib/edge/console/account-actions";
import { guardedAction } from "@/lib/edge/console/guarded-action";
import { validate } from "@/lib/domain/schemas/validate";
import { createProvider } from "@/lib/domain/providers/create-provider";
import { updateProviderSettings } from "@/lib/domain/providers/update-provider-settings";
import { ipWhitelistTextSchema } from "@/lib/domain/schemas/ip-whitelist";

export async function createProviderAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  const urls = (name: string) => formText(form, name).trim() || undefined;
  return createAccountAction("provider", (actor) =>
    createProvider(
      {
        name: formText(form, "name"),
        ips: validate(ipWhitelistTextSchema, formText(form, "ipWhitelist")),
        depositCallbackUrl: urls("depositCallbackUrl"),
        withdrawalCallbackUrl: urls("withdrawalCallbackUrl"),
        creditCardCallbackUrl: urls("creditCardCallbackUrl"),
      },
      actor,
    ),
  );
}

export async function providerSettingsAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return guardedAction(["ADMIN"], (t) => t.providers.adminsOnlySettings, async (_user, actor, t) => {
    const id = formId(form);
    if (!id) return { error: t.providers.unknown };
    await updateProviderSettings(id, { rateLimitPerMinute: form.get("rateLimitPerMinute"), embedOrigins: form.get("embedOrigins") }, actor);
    revalidatePath(`/console/providers/${id}`);
    return { ok: t.common.saved };
  });
}
