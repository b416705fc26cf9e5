"use server";

import { revalidatePath } from "next/cache";
import type { ActionState } from "@/lib/edge/auth/action-user";
import { formId, formText } from "@/lib/edge/console/form-values";
import { accountSecurityAction, accountWhitelistAction, rotateAccountSecretAction } from "@/lib/edge/console/account-actions";
import { guardedAction } from "@/lib/edge/console/guarded-action";
import { createDealer } from "@/lib/domain/dealers/create-dealer";
import { updateDealer } from "@/lib/domain/dealers/update-dealer";
import { validate } from "@/lib/domain/schemas/validate";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import type { DEALER_METHODS } from "@/lib/domain/schemas/dealer";
import { ipWhitelistTextSchema } from "@/lib/domain/schemas/ip-whitelist";

// Dealer staff may view their dealer's settings but not change them: only admins reach these actions.
const ADMINS_ONLY = (t: ConsoleMessages) => t.dealers.adminsOnly;
const unknown = (t: ConsoleMessages) => ({ error: t.dealers.unknown });

type Method = (typeof DEALER_METHODS)[number];
const methods = (form: FormData) => form.getAll("methods").map(String) as Method[];

export async function createDealerAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return guardedAction(["ADMIN"], ADMINS_ONLY, async (_user, actor, t) => {
    const created = await createDealer(
      {
        name: formText(form, "name"),
        methods: methods(form),
        creditCardCallbackUrl: formText(form, "creditCardCallbackUrl").trim() || undefined,
        ips: validate(ipWhitelistTextSchema, formText(form, "ipWhitelist")),
        welcomeMessage: formText(form, "welcomeMessage").trim() || undefined,
      },
      actor,
    );
    revalidatePath("/console/dealers");
    return {
      ok: t.dealers.created(created.id),
      secrets: [
        { label: t.keys.apiKey, value: created.api_key },
        { label: t.keys.secretKey, value: created.secret_key },
      ],
    };
  });
}

export async function updateDealerAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return guardedAction(["ADMIN"], ADMINS_ONLY, async (_user, actor, t) => {
    const id = formId(form);
    if (!id) return unknown(t);
    await updateDealer(
      id,
      {
        name: formText(form, "name"),
        welcomeMessage: formText(form, "welcomeMessage"),
        isActive: form.get("isActive") === "on",
        methods: methods(form),
        creditCardCallbackUrl: formText(form, "creditCardCallbackUrl"),
      },
      actor,
    );
    revalidatePath(`/console/dealers/${id}`);
    return { ok: t.common.saved };
  });
}

export async function dealerWhitelistAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return accountWhitelistAction("dealer", form);
}

export async function rotateDealerSecretAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return rotateAccountSecretAction("dealer", form);
}

export async function dealerSecurityAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return accountSecurityAction("dealer", form);
}
