"use server";

import { revalidatePath } from "next/cache";
import { actionUser, type ActionState } from "@/lib/auth/action-user";
import { getDelivery } from "@/lib/callbacks/get-delivery";
import { resendDelivery } from "@/lib/callbacks/resend-delivery";
import { sendTestCallback, TEST_TARGETS, type TestTarget } from "@/lib/callbacks/send-test-callback";
import { ApiError } from "@/lib/http/api-error";
import { announceDeliveries } from "@/lib/jobs/dispatch";

function explain(error: unknown): ActionState {
  if (error instanceof ApiError) {
    const messages = (error.body.messages as string[] | undefined) ?? [String(error.body.message)];
    return { error: messages.join(" ") };
  }
  throw error;
}

export async function resendDeliveryAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  const user = await actionUser(["ADMIN", "DEALER"]);
  if (!user) return { error: "Your role cannot resend callbacks." };
  const id = Number(form.get("id"));
  if (!Number.isInteger(id) || !(await getDelivery(user, id))) return { error: "This delivery does not exist or is not yours." };
  try {
    await resendDelivery(id, { userId: user.id, label: user.email });
  } catch (error) {
    return explain(error);
  }
  await announceDeliveries([id]);
  revalidatePath(`/console/deliveries/${id}`);
  return { ok: "Queued: it is being sent now with a fresh signature." };
}

export async function sendTestCallbackAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  const user = await actionUser(["ADMIN", "DEALER"]);
  if (!user) return { error: "Your role cannot send test callbacks." };
  const target = String(form.get("target")) as TestTarget;
  if (!TEST_TARGETS.includes(target)) return { error: "Choose which callback URL to test." };
  // Dealer staff may only test their own dealer's card callback URL.
  if (user.role === "DEALER" && target !== "dealer_credit_card") return { error: "Dealer staff can test the dealer card callback URL only." };
  const [ownerType, rawId] = user.role === "DEALER" ? ["dealer", String(user.dealerId)] : String(form.get("owner") ?? "").split(":");
  const ownerId = Number(rawId);
  const wantsDealer = target === "dealer_credit_card";
  if (!Number.isInteger(ownerId) || ownerId <= 0 || ownerType !== (wantsDealer ? "dealer" : "provider")) {
    return { error: wantsDealer ? "Choose a dealer for the dealer card callback URL." : "Choose a provider for a provider callback URL." };
  }
  try {
    const sent = await sendTestCallback(wantsDealer ? { target, dealerId: ownerId } : { target, providerId: ownerId }, { userId: user.id, label: user.email });
    await announceDeliveries([sent.id]);
    revalidatePath("/console/deliveries");
    return { ok: `Test callback ${sent.tracking_code} queued for ${sent.url}.` };
  } catch (error) {
    return explain(error);
  }
}
