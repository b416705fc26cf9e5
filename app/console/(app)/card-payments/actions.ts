"use server";

import { z } from "zod";
import { refundCardPayment } from "@/lib/domain/cards/refund-card-payment";
import { consoleAction } from "@/lib/edge/console/console-action";
import { formField } from "@/lib/edge/console/form-fields";

export const refundAction = consoleAction({
  roles: ["ADMIN", "DEALER"],
  schema: z.object({ id: formField.id, reason: formField.text }),
  run: async ({ input, actor, t }) => {
    // The customer reads why on the payment page: a refund always says why.
    const reason = input.reason.trim();
    if (reason.length < 3) return { error: t.approvals.refused.needReason };
    // refundCardPayment refuses another dealer's payment for dealer staff (actor.dealerId), in its transaction.
    const refunded = await refundCardPayment(input.id ?? 0, actor, reason);
    return { ok: t.cardPayments.refunded(refunded.trackingCode) };
  },
});
