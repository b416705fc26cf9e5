"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getDelivery } from "@/lib/domain/callbacks/get-delivery";
import { resendDelivery } from "@/lib/domain/callbacks/resend-delivery";
import { sendTestCallback, TEST_TARGETS, type TestTarget } from "@/lib/domain/callbacks/send-test-callback";
import { DomainError } from "@/lib/base/errors/domain-error";
import type { ActionState } from "@/lib/edge/auth/action-user";
import { consoleAction, isNotFound } from "@/lib/edge/console/console-action";
import { formField } from "@/lib/edge/console/form-fields";
import { describeRefusal } from "@/lib/edge/console/action-error";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";

const STAFF = ["ADMIN", "DEALER"] as const;

/** A delivery refusal in the operator's words (a missing or foreign delivery stays the frame's one refusal). */
function explain(error: unknown, t: ConsoleMessages): ActionState {
  if (error instanceof DomainError && !isNotFound(error)) return { error: describeRefusal(error, t)! };
  throw error;
}

export const resendDeliveryAction = consoleAction({
  roles: STAFF,
  schema: z.object({ id: formField.id }),
  run: async ({ input: { id }, user, actor, t }) => {
    // Read within the user's tenancy only: another tenant's delivery is as unknown as a missing one.
    if (!id || !(await getDelivery(user, id))) return { error: t.errors.refused };
    try {
      await resendDelivery(id, { userId: actor.userId, label: actor.label, ip: actor.ip });
    } catch (error) {
      return explain(error, t);
    }
    revalidatePath(`/console/deliveries/${id}`);
    return { ok: t.deliveries.outcome.queued };
  },
});

export const sendTestCallbackAction = consoleAction({
  roles: STAFF,
  schema: z.object({ target: formField.text, owner: formField.text }),
  run: async ({ input, user, actor, t: messages }) => {
    const t = messages.deliveries.outcome;
    const target = input.target as TestTarget;
    if (!TEST_TARGETS.includes(target)) return { error: t.chooseTarget };
    // Dealer staff may only test their own dealer's card callback URL.
    if (user.role === "DEALER" && target !== "dealer_credit_card") return { error: t.dealerCardOnly };
    const [ownerType, rawId] = user.role === "DEALER" ? ["dealer", String(user.dealerId)] : input.owner.split(":");
    const ownerId = Number(rawId);
    const wantsDealer = target === "dealer_credit_card";
    if (!Number.isInteger(ownerId) || ownerId <= 0 || ownerType !== (wantsDealer ? "dealer" : "provider")) {
      return { error: wantsDealer ? t.chooseDealer : t.chooseProvider };
    }
    try {
      const sent = await sendTestCallback(
        wantsDealer ? { target, dealerId: ownerId } : { target, providerId: ownerId },
        { userId: actor.userId, label: actor.label, ip: actor.ip },
      );
      revalidatePath("/console/deliveries");
      return { ok: t.testQueued(sent.tracking_code, String(sent.url)) };
    } catch (error) {
      return explain(error, messages);
    }
  },
});
