"use server";

import { z } from "zod";
import { approveDeposit } from "@/lib/domain/approvals/approve-deposit";
import { rejectDeposit } from "@/lib/domain/approvals/reject-deposit";
import { listDepositsToDecide } from "@/lib/domain/approvals/deposits-to-decide";
import type { ActionState } from "@/lib/edge/auth/action-user";
import { describeRefusal } from "@/lib/edge/console/action-error";
import { consoleAction, isNotFound } from "@/lib/edge/console/console-action";
import { formField } from "@/lib/edge/console/form-fields";
import { formatMoney } from "@/lib/base/money/format-money";

/** More than a page of the queue at once is not a decision anyone has looked at. */
const MAX_ITEMS = 50;
const MIN_REASON = 3;

const schema = z.object({ ids: formField.list, decision: formField.text, reason: formField.text });

/**
 * Approve or reject the ticked deposits: one domain call per deposit, exactly as its own button would make it
 * (the requested amount; its lifecycle decides, and a deposit that needs four eyes becomes a proposal for a
 * second admin). Each outcome is reported on its own line; one refusal stops none of the others.
 */
export const bulkDecideDepositsAction = consoleAction({
  roles: ["ADMIN", "DEALER"],
  moneyMove: true,
  schema,
  run: async ({ input, user, actor, t }): Promise<ActionState> => {
    const words = t.approvals.bulk;
    const ids = [...new Set(input.ids.filter((id) => /^\d{1,9}$/.test(id)).map(Number))];
    if (ids.length === 0) return { error: words.noneChosen };
    if (ids.length > MAX_ITEMS) return { error: words.tooMany(MAX_ITEMS) };
    if (input.decision !== "approve" && input.decision !== "reject") return { error: t.approvals.refused.unknownStep };
    const reason = input.reason.trim();
    if (input.decision === "reject" && reason.length < MIN_REASON) return { error: t.approvals.refused.needReason };
    // Only the staff member's own deposits are named; another dealer's id reads as unknown, like a missing one.
    const rows = await listDepositsToDecide(user, ids);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const items: NonNullable<ActionState["items"]> = [];
    for (const id of ids) {
      const row = byId.get(id);
      if (!row) {
        items.push({ label: `#${id}`, done: false, text: t.errors.refused });
        continue;
      }
      const money = formatMoney(row.amount, t.lang);
      try {
        if (input.decision === "approve") {
          const decided = await approveDeposit(id, actor);
          items.push({
            label: row.trackingCode,
            done: true,
            text:
              decided.outcome === "proposed"
                ? t.approvals.secondApproval.proposed(money)
                : t.approvals.done.approved(money),
          });
        } else {
          await rejectDeposit(id, actor, reason);
          items.push({ label: row.trackingCode, done: true, text: t.approvals.done.rejected });
        }
      } catch (error) {
        const text = isNotFound(error) ? t.errors.refused : describeRefusal(error, t);
        if (text === null) throw error;
        items.push({ label: row.trackingCode, done: false, text });
      }
    }
    const done = items.filter((item) => item.done).length;
    return done === items.length
      ? { ok: words.summary(done, items.length), items }
      : { error: words.summary(done, items.length), items };
  },
});
