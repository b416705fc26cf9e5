import { actionUser, type ActionState } from "@/lib/edge/auth/action-user";
import type { ConsoleUser } from "@/lib/edge/auth/console-user";
import type { Staff } from "@/lib/domain/audit/record-audit";
import type { ConsoleRole } from "@/lib/generated/prisma/enums";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import { consoleMessages } from "@/lib/edge/i18n/console/server";
import { actionError } from "./action-error";
import { consoleActor } from "./console-actor";

/**
 * The frame of every management action: the session's role is checked again on the server (a page's
 * guard does not protect its actions), then the work runs with an audit actor and the operator's
 * dictionary; refusals become words. Tenancy of the target id is the work's job (domain functions take
 * staff.dealerId, or it compares ids).
 */
export async function guardedAction(
  roles: ConsoleRole[],
  denied: (t: ConsoleMessages) => string,
  work: (user: ConsoleUser, actor: Staff, t: ConsoleMessages) => Promise<ActionState>,
): Promise<ActionState> {
  const [user, t] = await Promise.all([actionUser(roles), consoleMessages()]);
  if (!user) return { error: denied(t) };
  try {
    return await work(user, await consoleActor(user), t);
  } catch (error) {
    return actionError(error, t);
  }
}
