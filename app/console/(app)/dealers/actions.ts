"use server";

import type { ActionState } from "@/lib/edge/auth/action-user";
import { formText } from "@/lib/edge/console/form-values";
import { accountAction, accountSecurityAction, createAccountAction, accountWhitelistAction, rotateAccountSecretAction } from "@/lib/edge/console/account-actions";
import { createDealer } from "@/lib/domain/dealers/create-dealer";
import { updateDealer } from "@/lib/domain/dealers/update-dealer";
import { validate } from "@/lib/domain/schemas/validate";
import type { DEALER_METHODS } from "@/lib/domain/schemas/dealer";
import { ipWhitelistTextSchema } from "@/lib/domain/schemas/ip-whitelist";

// Dealer staff may view their dealer's settings but not change them: only admins reach these actions.

type Method = (typeof DEALER_METHODS)[number];
const methods = (form: FormData) => form.getAll("methods").map(String) as Method[];

export async function createDealerAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return createAccountAction("dealer", (actor) =>
    createDealer(
      {
        name: formText(form, "name"),
        methods: methods(form),
        creditCardCallbackUrl: formText(form, "creditCardCallbackUrl").trim() || undefined,
        ips: validate(ipWhitelistTextSchema, formText(form, "ipWhitelist")),
        welcomeMessage: formText(form, "welcomeMessage").trim() || undefined,
      },
      actor,
    ),
  );
}

export async function updateDealerAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return accountAction("dealer", form, async (id, actor, t) => {
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
