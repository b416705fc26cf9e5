"use server";

import { actionUser, type ActionState } from "@/lib/edge/auth/action-user";
import { requireSecondFactor } from "@/lib/edge/auth/second-factor";
import { refundCardPayment } from "@/lib/domain/cards/refund-card-payment";
import { describeRefusal } from "@/lib/edge/console/action-error";
import { consoleMessages } from "@/lib/edge/i18n/console/server";

export async function refundAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  const t = await consoleMessages();
  const user = await actionUser(["ADMIN", "DEALER"]);
  if (!user) return { error: t.cardPayments.roleCannotRefund };
  const secondFactorRefusal = await requireSecondFactor(user);
  if (secondFactorRefusal) return { error: secondFactorRefusal };
  // The customer reads why on the payment page: a refund always says why.
  const reason = String(form.get("reason") ?? "").trim();
  if (reason.length < 3) return { error: t.approvals.refused.needReason };
  try {
    const refunded = await refundCardPayment(Number(form.get("id")), { userId: user.id, label: user.email, dealerId: user.role === "DEALER" ? (user.dealerId ?? -1) : null }, reason);
    return { ok: t.cardPayments.refunded(refunded.trackingCode) };
  } catch (error) {
    const text = describeRefusal(error, t);
    if (text === null) throw error;
    return { error: text };
  }
}
