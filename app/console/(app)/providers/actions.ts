"use server";

import { actionUser, type ActionState } from "@/lib/auth/action-user";
import { ApiError } from "@/lib/http/api-error";
import { updateProviderSettings } from "@/lib/providers/update-provider-settings";

export async function providerSettingsAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  const user = await actionUser(["ADMIN"]);
  if (!user) return { error: "Only admins change provider settings." };
  try {
    await updateProviderSettings(Number(form.get("id")), { rateLimitPerMinute: form.get("rateLimitPerMinute"), embedOrigins: form.get("embedOrigins") }, { userId: user.id, label: user.email });
    return { ok: "Saved." };
  } catch (error) {
    if (error instanceof ApiError) return { error: ((error.body.messages as string[] | undefined) ?? [String(error.body.message)]).join(" ") };
    throw error;
  }
}
