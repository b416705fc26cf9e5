"use server";

import { z } from "zod";
import { refundCardPayment, type CardRefundOutcome } from "@/lib/domain/cards/refund-card-payment";
import type { ActionState } from "@/lib/edge/auth/action-user";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import { PROPOSED_REFUND } from "@/lib/domain/cards/card-refund-records";
import { checkCardRefund } from "@/lib/domain/cards/resolve-card-refunds";
import { confirmCardRefund, declineCardRefund } from "@/lib/domain/cards/second-card-refund";
import { describeRefusal } from "@/lib/edge/console/action-error";
import { consoleAction } from "@/lib/edge/console/console-action";
import { formField } from "@/lib/edge/console/form-fields";
import { DomainError } from "@/lib/base/errors/domain-error";
import { refusal } from "@/lib/base/messages/errors";
import { formatMoney } from "@/lib/base/money/format-money";
import { parseAmountInput } from "@/lib/base/money/parse-amount-input";

/** What a refund sent to the acquirer came to, in the operator's words. */
function refundOutcome(r: CardRefundOutcome, t: ConsoleMessages): ActionState {
  if (r.fullyRefunded) return { ok: t.cardPayments.refunded(r.trackingCode) };
  return {
    ok: t.cardPayments.partlyRefunded(
      r.trackingCode,
      formatMoney(r.amount, t.lang),
      formatMoney(r.refundedTotal, t.lang),
    ),
  };
}

export const refundAction = consoleAction({
  roles: ["ADMIN", "DEALER"],
  moneyMove: true,
  schema: z.object({ id: formField.id, reason: formField.text, amount: formField.text }),
  run: async ({ input, actor, t }) => {
    // The customer reads why on the payment page: a refund always says why.
    const reason = input.reason.trim();
    if (reason.length < 3) return { error: t.approvals.refused.needReason };
    // "250,50" and "250.50" both mean what was typed; empty refunds all that is left.
    const typed = input.amount.trim();
    const amount = typed ? parseAmountInput(typed) : undefined;
    if (amount === null)
      return { error: describeRefusal(DomainError.validation([refusal("decimals", { field: "amount" })]), t)! };
    // refundCardPayment refuses another dealer's payment for dealer staff (actor.dealerId), in its transaction;
    // the acquirer decides, and a refusal comes back in the operator's words through the frame.
    const r = await refundCardPayment(input.id ?? 0, actor, reason, amount);
    if (r.status === PROPOSED_REFUND) return { ok: t.cardPayments.refundProposed(formatMoney(r.amount, t.lang)) };
    return refundOutcome(r, t);
  },
});

/**
 * A refund that got no answer, checked at the acquirer now, or sent again (same refund id) once the
 * acquirer's records show it was not made: what happened comes back in the operator's words, a refund
 * still unknown as a refusal saying so.
 */
export const checkRefundAction = consoleAction({
  roles: ["ADMIN", "DEALER"],
  moneyMove: true,
  schema: z.object({ refundId: formField.text, retry: formField.text }),
  run: async ({ input, actor, t }) => {
    const words = t.cardPayments;
    const r = await checkCardRefund(input.refundId.trim(), actor, { retry: input.retry === "1" });
    if (r.result === "made") return { ok: words.refundFoundMade(r.refundId) };
    if (r.result === "not_made") return { ok: words.refundFoundNotMade(r.refundId) };
    return { ok: words.refundSentAgain(r.refundId) };
  },
});

/** A second admin confirms a refund proposed above the four-eyes limit: it is sent to the acquirer now. */
export const confirmRefundAction = consoleAction({
  roles: ["ADMIN"],
  moneyMove: true,
  schema: z.object({ refundId: formField.text }),
  run: async ({ input, actor, t }) => {
    const r = await confirmCardRefund(input.refundId.trim(), actor);
    return refundOutcome(r, t);
  },
});

/** Any admin declines a proposed refund, saying why: nothing is sent. */
export const declineRefundAction = consoleAction({
  roles: ["ADMIN"],
  moneyMove: true,
  schema: z.object({ refundId: formField.text, reason: formField.text }),
  run: async ({ input, actor, t }) => {
    const reason = input.reason.trim();
    if (reason.length < 3) return { error: t.approvals.refused.needReason };
    await declineCardRefund(input.refundId.trim(), actor, reason);
    return { ok: t.cardPayments.refundDeclined };
  },
});
