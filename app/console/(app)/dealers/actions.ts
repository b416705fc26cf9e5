"use server";

import { revalidatePath } from "next/cache";
import type { ActionState } from "@/lib/edge/auth/action-user";
import { updateApiSecurity } from "@/lib/domain/accounts/update-api-security";
import { formFlag, formId, formText } from "@/lib/edge/console/form-values";
import { guardedAction } from "@/lib/edge/console/guarded-action";
import { consoleTime } from "@/lib/edge/console/format";
import { createDealer } from "@/lib/domain/dealers/create-dealer";
import { rotateDealerSecret } from "@/lib/domain/dealers/rotate-dealer-secret";
import { updateDealer } from "@/lib/domain/dealers/update-dealer";
import { updateDealerIpWhitelist } from "@/lib/domain/dealers/update-dealer-ip-whitelist";
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
  return guardedAction(["ADMIN"], ADMINS_ONLY, async (_user, actor, t) => {
    const id = formId(form);
    if (!id) return unknown(t);
    const { ipWhitelist } = await updateDealerIpWhitelist(id, formText(form, "ipWhitelist"), actor);
    revalidatePath(`/console/dealers/${id}`);
    return { ok: ipWhitelist.length ? t.keys.savedEntries(ipWhitelist.length) : t.dealers.savedEmptyWhitelist };
  });
}

export async function rotateDealerSecretAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return guardedAction(["ADMIN"], ADMINS_ONLY, async (_user, actor, t) => {
    const id = formId(form);
    if (!id) return unknown(t);
    const rotated = await rotateDealerSecret(id, actor, Number(formText(form, "graceSeconds") || "0"));
    revalidatePath(`/console/dealers/${id}`);
    const until = rotated.previous_secret_valid_until;
    return {
      ok: until ? t.keys.newSecretUntil(consoleTime(new Date(until), t.lang)) : t.keys.newSecretNow,
      secrets: [{ label: t.keys.secretKey, value: rotated.secret_key }],
    };
  });
}

export async function dealerSecurityAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return guardedAction(["ADMIN"], ADMINS_ONLY, async (_user, actor, t) => {
    const id = formId(form);
    if (!id) return unknown(t);
    await updateApiSecurity("dealer", id, { requireSignedBodies: formFlag(form, "requireSignedBodies"), maxTransactionAmount: formText(form, "maxTransactionAmount") }, actor);
    revalidatePath(`/console/dealers/${id}`);
    return { ok: t.common.saved };
  });
}
