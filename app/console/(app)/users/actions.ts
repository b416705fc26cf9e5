"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { consoleAction } from "@/lib/edge/console/console-action";
import { formField } from "@/lib/edge/console/form-fields";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import { createConsoleUser } from "@/lib/domain/users/create-console-user";
import { updateConsoleUser } from "@/lib/domain/users/update-console-user";

const ADMINS = ["ADMIN"] as const;
const unknown = (t: ConsoleMessages) => ({ error: t.users.unknown });

export const createUserAction = consoleAction({
  roles: ADMINS,
  schema: z.object({ role: formField.text, dealerId: formField.id, providerId: formField.id, email: formField.text, password: formField.text }),
  run: async ({ input, actor, t }) => {
    const role = input.role;
    if (role !== "admin" && role !== "dealer" && role !== "provider") return { error: t.users.chooseRole };
    // Only the tenant field of the chosen role is read, so a stale choice in the other select is ignored.
    const dealerId = role === "dealer" ? input.dealerId : null;
    const providerId = role === "provider" ? input.providerId : null;
    if (role === "dealer" && !dealerId) return { error: t.users.chooseDealer };
    if (role === "provider" && !providerId) return { error: t.users.chooseProvider };
    const created = await createConsoleUser({ email: input.email, password: input.password, role, dealerId: dealerId ?? undefined, providerId: providerId ?? undefined }, actor);
    revalidatePath("/console/users");
    return { ok: t.users.created(created.email) };
  },
});

export const setUserActiveAction = consoleAction({
  roles: ADMINS,
  schema: z.object({ id: formField.id, active: formField.text }),
  run: async ({ input, actor, t }) => {
    if (!input.id) return unknown(t);
    const saved = await updateConsoleUser(input.id, { isActive: input.active === "true" }, actor);
    revalidatePath("/console/users");
    return { ok: saved.isActive ? t.users.reactivated(saved.email) : t.users.deactivatedNow(saved.email) };
  },
});

export const setUserPasswordAction = consoleAction({
  roles: ADMINS,
  schema: z.object({ id: formField.id, password: formField.text }),
  run: async ({ input, actor, t }) => {
    if (!input.id) return unknown(t);
    const saved = await updateConsoleUser(input.id, { password: input.password }, actor);
    return { ok: t.users.passwordSet(saved.email) };
  },
});
