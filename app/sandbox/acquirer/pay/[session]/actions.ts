"use server";

import { redirect } from "next/navigation";
import { settings } from "@/lib/base/config/settings";
import { answerSandboxChallenge, cancelSandboxCheckout, submitSandboxCard } from "@/lib/integrations/sandbox/acquirer/sandbox-checkout";

type FormState = { error?: string };

function go(result: { redirect?: string | null; challenge?: string; error?: string }): FormState {
  if (result.challenge) redirect(result.challenge);
  if (result.redirect) redirect(result.redirect);
  return { error: result.error ?? "Something went wrong." };
}

export async function submitCardAction(_prev: FormState, form: FormData): Promise<FormState> {
  if (!settings.sandboxEnabled) return { error: "The sandbox is disabled." };
  const session = String(form.get("session"));
  return go(await submitSandboxCard(session, { number: String(form.get("number") ?? ""), expiry: String(form.get("expiry") ?? ""), cvc: String(form.get("cvc") ?? "") }));
}

export async function cancelCheckoutAction(_prev: FormState, form: FormData): Promise<FormState> {
  if (!settings.sandboxEnabled) return { error: "The sandbox is disabled." };
  return go(await cancelSandboxCheckout(String(form.get("session"))));
}

export async function answerChallengeAction(_prev: FormState, form: FormData): Promise<FormState> {
  if (!settings.sandboxEnabled) return { error: "The sandbox is disabled." };
  return go(await answerSandboxChallenge(String(form.get("session")), String(form.get("otp") ?? "")));
}
