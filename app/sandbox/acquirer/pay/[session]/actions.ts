"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { sandboxAction } from "@/lib/edge/sandbox/sandbox-action";
import type { Lang } from "@/lib/edge/i18n/pay/messages";
import { SANDBOX_ACQUIRER_MESSAGES } from "@/lib/edge/i18n/sandbox-acquirer/messages";
import {
  answerSandboxChallenge,
  cancelSandboxCheckout,
  submitSandboxCard,
} from "@/lib/integrations/sandbox/acquirer/sandbox-checkout";

/** `leaveTo`: the merchant's return address, which the page opens as a full navigation (see go()). */
type FormState = { error?: string; leaveTo?: string };
type Result = { redirect?: string | null; challenge?: string; code?: "closed" | "number" | "expiry" | "cvc" };

function lang(form: FormData): Lang {
  return form.get("lang") === "tr" ? "tr" : "en";
}

/**
 * Follows the acquirer's answer, or words its refusal in the page's language. The way back to the merchant is
 * a full page load, as from a real acquirer's page: a script-driven call (it carries Next-Action) hands the
 * address to the page, which opens it; a form posted without scripts is redirected. A framework redirect
 * would be a client-side navigation here (the sandbox shares the merchant's origin), which leaves the
 * browser's address on the return route, and the payment page's next form (after a decline: "Try another
 * card") would post there.
 */
async function go(result: Result, l: Lang): Promise<FormState> {
  if (result.challenge) redirect(`${result.challenge}?lang=${l}`);
  if (result.redirect) {
    if ((await headers()).has("next-action")) return { leaveTo: result.redirect };
    redirect(result.redirect);
  }
  const errors = SANDBOX_ACQUIRER_MESSAGES[l].errors;
  return { error: result.code ? errors[result.code] : errors.other };
}

const disabled = (form: FormData) => SANDBOX_ACQUIRER_MESSAGES[lang(form)].errors.disabled;

export const submitCardAction = sandboxAction<FormState>({
  disabled,
  run: async (form) => {
    const session = String(form.get("session"));
    return go(
      await submitSandboxCard(session, {
        number: String(form.get("number") ?? ""),
        expiry: String(form.get("expiry") ?? ""),
        cvc: String(form.get("cvc") ?? ""),
      }),
      lang(form),
    );
  },
});

export const cancelCheckoutAction = sandboxAction<FormState>({
  disabled,
  run: async (form) => go(await cancelSandboxCheckout(String(form.get("session"))), lang(form)),
});

export const answerChallengeAction = sandboxAction<FormState>({
  disabled,
  run: async (form) =>
    go(await answerSandboxChallenge(String(form.get("session")), String(form.get("otp") ?? "")), lang(form)),
});
