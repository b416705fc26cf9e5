import type { ConsoleRole } from "@/lib/generated/prisma/enums";
import { currentConsoleUser, type ConsoleUser } from "./console-user";

/** For server actions: the signed-in user when their role may act, null otherwise (shown as an error). */
export async function actionUser(roles: ConsoleRole[]): Promise<ConsoleUser | null> {
  const user = await currentConsoleUser();
  return user && roles.includes(user.role) ? user : null;
}

/** A secret in `secrets` is shown once by ActionForm, in this response only; it is never stored for display. */
export type ActionState = { ok?: string; error?: string; secrets?: { label: string; value: string }[] };
