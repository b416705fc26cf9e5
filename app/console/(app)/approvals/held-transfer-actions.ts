"use server";

import { z } from "zod";
import { approveHeldTransfer, confirmHeldTransfer, declineHeldTransfer } from "@/lib/domain/transfers/held-transfers";
import { consoleAction } from "@/lib/edge/console/console-action";
import { formField } from "@/lib/edge/console/form-fields";

/**
 * A dealer's transfer held for four eyes (above FOUR_EYES_MONEY_OUT_ABOVE): the first admin's approval, the second
 * admin's confirmation (it goes to the bank then), or any admin's decline. The domain decides who may; a refusal
 * comes back in the operator's words through the frame.
 */
const fields = z.object({ transferId: formField.text, reason: formField.text });

export const approveHeldTransferAction = consoleAction({
  roles: ["ADMIN"],
  moneyMove: true,
  schema: fields,
  run: async ({ input, actor, t }) => {
    await approveHeldTransfer(input.transferId.trim(), actor);
    return { ok: t.approvals.heldTransfers.approved };
  },
});

export const confirmHeldTransferAction = consoleAction({
  roles: ["ADMIN"],
  moneyMove: true,
  schema: fields,
  run: async ({ input, actor, t }) => {
    const reference = await confirmHeldTransfer(input.transferId.trim(), actor);
    return { ok: reference ? t.approvals.heldTransfers.sent : t.approvals.heldTransfers.queued };
  },
});

export const declineHeldTransferAction = consoleAction({
  roles: ["ADMIN"],
  moneyMove: true,
  schema: fields,
  run: async ({ input, actor, t }) => {
    const reason = input.reason.trim();
    if (reason.length < 3) return { error: t.approvals.refused.needReason };
    await declineHeldTransfer(input.transferId.trim(), actor, reason);
    return { ok: t.approvals.heldTransfers.declined };
  },
});
