import { revalidatePath } from "next/cache";
import type { z } from "zod";
import { DomainError } from "@/lib/base/errors/domain-error";
import type { Staff } from "@/lib/domain/audit/record-audit";
import type { ActionState } from "@/lib/edge/auth/action-user";
import { currentConsoleUser, type ConsoleUser } from "@/lib/edge/auth/console-user";
import { requireSecondFactor } from "@/lib/edge/auth/second-factor";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import { consoleMessages } from "@/lib/edge/i18n/console/server";
import type { ConsoleRole } from "@/lib/generated/prisma/enums";
import { actionError } from "./action-error";
import { consoleActor } from "./console-actor";
import { formFields } from "./form-fields";

/** What an action's `run` is given once the frame has let the caller in. */
export type ConsoleAct<Input> = {
  input: Input;
  user: ConsoleUser;
  /** The audit actor: user, email, client IP, and for dealer staff their dealer (domain functions scope by it). */
  actor: Staff;
  t: ConsoleMessages;
};

/** The shape every console server action has: ActionForm and useActionState call it with (state, form). */
export type ConsoleServerAction = (prev: ActionState, form: FormData) => Promise<ActionState>;

/**
 * The tenant a staff member belongs to, and what the form names: dealer staff without a dealer, or posting
 * another dealer's id (provider viewers likewise with providers), are refused before anything is read.
 */
function outsideTenant(user: ConsoleUser, fields: Record<string, unknown>): boolean {
  if (user.role === "ADMIN") return false;
  const [own, name] = user.role === "DEALER" ? [user.dealerId, "dealerId"] : [user.providerId, "providerId"];
  if (!own) return true;
  const posted = fields[name];
  return posted !== undefined && posted !== String(own);
}

/**
 * The one frame of every console server action, in this order, before the action reads anything:
 * the session (a signed-in, active user), the role (`roles`), the tenant (dealer staff and provider viewers
 * act only for their own), for a money move the second factor where it is required, then the form parsed
 * with `schema`. Only then `run` gets the typed input, the
 * user, the audit actor (with the client IP) and the operator's dictionary.
 *
 * Every refusal of who the caller is, and a record that does not exist or is not theirs (DomainError
 * NOT_FOUND), is the same words (`t.errors.refused`): the answer never tells whether a record exists, and
 * nothing of it. Other domain refusals become the operator's words (action-error.ts); anything else is a
 * real failure and is thrown on.
 */
export function consoleAction<Schema extends z.ZodType>(options: {
  roles: readonly ConsoleRole[];
  /**
   * A money move (approvals, payouts, refunds): refused to a session without the second factor where one is
   * required, and once done, every console page is read again (see `revalidate`).
   */
  moneyMove?: boolean;
  /**
   * A money setting (connector configurations): a money move that an admin's second-factor grace period does not cover.
   */
  moneySetting?: boolean;
  /**
   * After a successful run, the console's pages are revalidated: the answer carries the page in its new
   * state (the decided row gone from its queue, the counters moved). Money moves do by default.
   */
  revalidate?: boolean;
  schema: Schema;
  run: (act: ConsoleAct<z.output<Schema>>) => Promise<ActionState>;
}): ConsoleServerAction {
  return async (_prev, form) => {
    const [user, t] = await Promise.all([currentConsoleUser(), consoleMessages()]);
    const refused = { error: t.errors.refused };
    if (!user || !options.roles.includes(user.role)) return refused;
    const fields = formFields(form);
    if (outsideTenant(user, fields)) return refused;
    if (options.moneyMove || options.moneySetting) {
      const secondFactorRefusal = await requireSecondFactor(user, { grace: !options.moneySetting });
      if (secondFactorRefusal) return { error: secondFactorRefusal };
    }
    const parsed = options.schema.safeParse(fields);
    if (!parsed.success) return refused;
    try {
      const state = await options.run({ input: parsed.data, user, actor: await consoleActor(user), t });
      if (state.ok && (options.revalidate ?? (options.moneyMove || options.moneySetting)))
        revalidatePath("/console", "layout");
      return state;
    } catch (error) {
      if (isNotFound(error)) return refused;
      return actionError(error, t);
    }
  };
}

/** A record that does not exist, or is outside the caller's tenant (the domain words both alike). */
export function isNotFound(error: unknown): boolean {
  return error instanceof DomainError && error.code === "NOT_FOUND";
}
