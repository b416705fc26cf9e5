import type { ConsoleRole } from "@/lib/generated/prisma/enums";
import { currentConsoleUser, type ConsoleUser } from "./console-user";

/** For server actions: the signed-in user when their role may act, null otherwise (shown as an error). */
export async function actionUser(roles: ConsoleRole[]): Promise<ConsoleUser | null> {
  const user = await currentConsoleUser();
  return user && roles.includes(user.role) ? user : null;
}

export type ActionState = { ok?: string; error?: string };
