"use server";

import { actionUser, type ActionState } from "@/lib/edge/auth/action-user";
import { refundCardPayment } from "@/lib/domain/cards/refund-card-payment";
import { describeRefusal } from "@/lib/edge/console/action-error";
import { consoleMessages } from "@/lib/edge/i18n/console/server";
import { DomainError } from "@/lib/base/errors/domain-error";
import { formatMoney } from "@/lib/base/money/format-money";
import { parseAmountInput } from "@/lib/base/money/parse-amount-input";

export async function refundAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  const t = await consoleMessages();
  const user = await actionUser(["ADMIN", "DEALER"]);
  if (!user) return { error: t.cardPayments.roleCannotRefund };
  // The customer reads why on the payment page: a refund always says why.
  const reason = String(form.get("reason") ?? "").trim();
  if (reason.length < 3) return { error: t.approvals.refused.needReason };
  // "250,50" and "250.50" both mean what was typed; empty refunds all that is left.
  const typed = String(form.get("amount") ?? "").trim();
  const amount = typed ? parseAmountInput(typed) : undefined;
  if (amount === null) return { error: describeRefusal(DomainError.validation(["amount must be a positive number with at most 2 decimal places"]), t)! };
  try {
    const r = await refundCardPayment(Number(form.get("id")), { userId: user.id, label: user.email, dealerId: user.role === "DEALER" ? (user.dealerId ?? -1) : null }, reason, amount);
    if (!r.fullyRefunded) return { ok: t.cardPayments.partlyRefunded(r.trackingCode, formatMoney(r.amount, t.lang), formatMoney(r.refundedTotal, t.lang)) };
    return { ok: t.cardPayments.refunded(r.trackingCode) };
  } catch (error) {
    const text = describeRefusal(error, t);
    if (text === null) throw error;
    return { error: text };
  }
}
