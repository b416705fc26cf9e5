"use server";

import { z } from "zod";
import {
  confirmAcceptance,
  explainDiscrepancy,
  proposeAcceptance,
} from "@/lib/domain/reconciliation/resolve-discrepancy";
import { consoleAction } from "@/lib/edge/console/console-action";
import { formField } from "@/lib/edge/console/form-fields";

/**
 * Resolving a reconciliation discrepancy (docs/reconciliation.md, "Resolutions"), admins only: dealer staff
 * read their dealer's discrepancies but the frame refuses them here before anything is read. Each is marked a
 * money move, as the other four-eyes decisions are: it closes or applies a difference in the books, so a
 * session without a required second factor is refused, and every console page is read again afterwards.
 * The domain's refusals (closed already, nothing to apply, the same admin confirming) come back in the
 * operator's words through the frame.
 */
const fields = z.object({ id: formField.id, reason: formField.text });

/** Closes it with what the admin found; nothing is applied to the books. */
export const explainDiscrepancyAction = consoleAction({
  roles: ["ADMIN"],
  moneyMove: true,
  schema: fields,
  run: async ({ input, actor, t }) => {
    if (input.id === null) return { error: t.errors.refused };
    const reason = input.reason.trim();
    if (reason.length < 3 || reason.length > 500) return { error: t.reconciliation.act.needReason };
    await explainDiscrepancy(input.id, reason, actor);
    return { ok: t.reconciliation.act.explained(String(input.id)) };
  },
});

/** The first admin proposes accepting the partner's record; nothing is applied until a second admin confirms. */
export const proposeAcceptanceAction = consoleAction({
  roles: ["ADMIN"],
  moneyMove: true,
  schema: fields,
  run: async ({ input, actor, t }) => {
    if (input.id === null) return { error: t.errors.refused };
    await proposeAcceptance(input.id, actor);
    return { ok: t.reconciliation.act.proposed(String(input.id)) };
  },
});

/** A second admin confirms: the partner's record is applied through the lifecycle and the ledger, once. */
export const confirmAcceptanceAction = consoleAction({
  roles: ["ADMIN"],
  moneyMove: true,
  schema: fields,
  run: async ({ input, actor, t }) => {
    if (input.id === null) return { error: t.errors.refused };
    await confirmAcceptance(input.id, actor);
    return { ok: t.reconciliation.act.accepted(String(input.id)) };
  },
});
