"use server";

import { z } from "zod";
import { formatMoney } from "@/lib/base/money/format-money";
import { recordSettlement } from "@/lib/domain/ledger/record-settlement";
import type { SettlementInput } from "@/lib/domain/schemas/ledger";
import { consoleAction } from "@/lib/edge/console/console-action";
import { formField } from "@/lib/edge/console/form-fields";
import { consoleTime } from "@/lib/edge/console/format";

/**
 * Records a settlement payment the admin reviewed on the Statements page (docs/ledger.md "Settlements").
 * A money move: where admins must have a second factor, a session without it is refused. Pressing it again,
 * or a second admin recording the same bank reference, answers the payment already recorded.
 */
export const recordSettlementAction = consoleAction({
  roles: ["ADMIN"],
  moneyMove: true,
  // The recorded settlement is shown by the form itself (its receipt and the link back to the statement, which
  // reads it afresh); re-rendering the page would replace that receipt before the admin has read it.
  revalidate: false,
  schema: z.object({
    providerId: formField.id,
    dealerId: formField.id,
    direction: formField.text,
    amount: formField.amount,
    reference: formField.text,
    paidOn: formField.text,
    note: formField.text,
  }),
  run: async ({ input, actor, t }) => {
    const s = t.ledger.settle;
    if (!input.amount) return { error: s.needAmount };
    if (!input.reference.trim()) return { error: s.needReference };
    if (!input.paidOn.trim()) return { error: s.needDay };
    // Refusals (an amount that is not one, a day to come, the reference recorded with another amount) come
    // back in the operator's words through the frame; nothing is written then.
    const { settlement, created } = await recordSettlement(
      {
        providerId: input.providerId ?? undefined,
        dealerId: input.dealerId ?? undefined,
        direction: input.direction as SettlementInput["direction"],
        amount: input.amount,
        reference: input.reference,
        paidOn: input.paidOn,
        note: input.note.trim() || undefined,
      } as SettlementInput,
      actor,
    );
    const money = formatMoney(settlement.amount, t.lang);
    return {
      ok: created
        ? s.recorded(money, settlement.reference)
        : s.alreadyRecorded(
            money,
            settlement.reference,
            settlement.recordedBy,
            consoleTime(settlement.recordedAt, t.lang),
          ),
    };
  },
});
