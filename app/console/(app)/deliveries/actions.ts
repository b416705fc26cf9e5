"use server";

import { revalidatePath } from "next/cache";
import { actionUser, type ActionState } from "@/lib/edge/auth/action-user";
import { getDelivery } from "@/lib/domain/callbacks/get-delivery";
import { resendDelivery } from "@/lib/domain/callbacks/resend-delivery";
import { sendTestCallback, TEST_TARGETS, type TestTarget } from "@/lib/domain/callbacks/send-test-callback";
import { DomainError } from "@/lib/base/errors/domain-error";
import { consoleMessages } from "@/lib/edge/i18n/console/server";

function explain(error: unknown): ActionState {
  if (error instanceof DomainError) return { error: (error.details.messages ?? [error.message]).join(" ") };
  throw error;
}

export async function resendDeliveryAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  const t = (await consoleMessages()).deliveries.outcome;
  const user = await actionUser(["ADMIN", "DEALER"]);
  if (!user) return { error: t.roleCannotResend };
  const id = Number(form.get("id"));
  if (!Number.isInteger(id) || !(await getDelivery(user, id))) return { error: t.notYours };
  try {
    await resendDelivery(id, { userId: user.id, label: user.email });
  } catch (error) {
    return explain(error);
  }
  revalidatePath(`/console/deliveries/${id}`);
  return { ok: t.queued };
}

export async function sendTestCallbackAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  const t = (await consoleMessages()).deliveries.outcome;
  const user = await actionUser(["ADMIN", "DEALER"]);
  if (!user) return { error: t.roleCannotTest };
  const target = String(form.get("target")) as TestTarget;
  if (!TEST_TARGETS.includes(target)) return { error: t.chooseTarget };
  // Dealer staff may only test their own dealer's card callback URL.
  if (user.role === "DEALER" && target !== "dealer_credit_card") return { error: t.dealerCardOnly };
  const [ownerType, rawId] = user.role === "DEALER" ? ["dealer", String(user.dealerId)] : String(form.get("owner") ?? "").split(":");
  const ownerId = Number(rawId);
  const wantsDealer = target === "dealer_credit_card";
  if (!Number.isInteger(ownerId) || ownerId <= 0 || ownerType !== (wantsDealer ? "dealer" : "provider")) {
    return { error: wantsDealer ? t.chooseDealer : t.chooseProvider };
  }
  try {
    const sent = await sendTestCallback(wantsDealer ? { target, dealerId: ownerId } : { target, providerId: ownerId }, { userId: user.id, label: user.email });
    revalidatePath("/console/deliveries");
    return { ok: t.testQueued(sent.tracking_code, String(sent.url)) };
  } catch (error) {
    return explain(error);
  }
}
