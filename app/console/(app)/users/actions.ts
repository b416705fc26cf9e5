"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireSecondFactor } from "@/lib/edge/auth/second-factor";
import { consoleAction } from "@/lib/edge/console/console-action";
import { formField } from "@/lib/edge/console/form-fields";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import { createConsoleUser } from "@/lib/domain/users/create-console-user";
import { isAdminAccount } from "@/lib/domain/users/list-console-users";
import { updateConsoleUser } from "@/lib/domain/users/update-console-user";

const ADMINS = ["ADMIN"] as const;
const unknown = (t: ConsoleMessages) => ({ error: t.users.unknown });

/**
 * Creating an admin, reactivating one or setting an admin's password gives a person admin access: a money
 * move like approvals (an admin with it could otherwise confirm their own four-eyes proposals), refused to a
 * session without the second factor where one is required. Other accounts are not.
 */
async function adminGrantRefusal(user: Parameters<typeof requireSecondFactor>[0], grantsAdmin: boolean) {
  const refusal = grantsAdmin ? await requireSecondFactor(user, { grace: false }) : null;
  return refusal ? { error: refusal } : null;
}

export const createUserAction = consoleAction({
  roles: ADMINS,
  schema: z.object({
    role: formField.text,
    dealerId: formField.id,
    providerId: formField.id,
    email: formField.text,
    password: formField.text,
  }),
  run: async ({ input, user, actor, t }) => {
    const role = input.role;
    if (role !== "admin" && role !== "dealer" && role !== "provider") return { error: t.users.chooseRole };
    const refused = await adminGrantRefusal(user, role === "admin");
    if (refused) return refused;
    // Only the tenant field of the chosen role is read, so a stale choice in the other select is ignored.
    const dealerId = role === "dealer" ? input.dealerId : null;
    const providerId = role === "provider" ? input.providerId : null;
    if (role === "dealer" && !dealerId) return { error: t.users.chooseDealer };
    if (role === "provider" && !providerId) return { error: t.users.chooseProvider };
    const created = await createConsoleUser(
      {
        email: input.email,
        password: input.password,
        role,
        dealerId: dealerId ?? undefined,
        providerId: providerId ?? undefined,
      },
      actor,
    );
    revalidatePath("/console/users");
    return { ok: t.users.created(created.email) };
  },
});

export const setUserActiveAction = consoleAction({
  roles: ADMINS,
  schema: z.object({ id: formField.id, active: formField.text }),
  run: async ({ input, user, actor, t }) => {
    if (!input.id) return unknown(t);
    const refused = await adminGrantRefusal(user, input.active === "true" && (await isAdminAccount(input.id)));
    if (refused) return refused;
    const saved = await updateConsoleUser(input.id, { isActive: input.active === "true" }, actor);
    revalidatePath("/console/users");
    return { ok: saved.isActive ? t.users.reactivated(saved.email) : t.users.deactivatedNow(saved.email) };
  },
});

export const setUserPasswordAction = consoleAction({
  roles: ADMINS,
  schema: z.object({ id: formField.id, password: formField.text }),
  run: async ({ input, user, actor, t }) => {
    if (!input.id) return unknown(t);
    const refused = await adminGrantRefusal(user, await isAdminAccount(input.id));
    if (refused) return refused;
    const saved = await updateConsoleUser(input.id, { password: input.password }, actor);
    return { ok: t.users.passwordSet(saved.email) };
  },
});
