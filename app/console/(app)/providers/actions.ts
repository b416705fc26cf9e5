"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { consoleAction } from "@/lib/edge/console/console-action";
import { formField } from "@/lib/edge/console/form-fields";
import { ACCOUNT_ROLES, createAccount } from "@/lib/edge/console/account-actions";
import { validate } from "@/lib/domain/schemas/validate";
import { createProvider } from "@/lib/domain/providers/create-provider";
import { updateProviderSettings } from "@/lib/domain/providers/update-provider-settings";
import { ipWhitelistTextSchema } from "@/lib/domain/schemas/ip-whitelist";

const optional = (text: string) => text.trim() || undefined;

export const createProviderAction = consoleAction({
  roles: ACCOUNT_ROLES,
  schema: z.object({
    name: formField.text,
    ipWhitelist: formField.text,
    depositCallbackUrl: formField.text,
    withdrawalCallbackUrl: formField.text,
    creditCardCallbackUrl: formField.text,
  }),
  run: (act) =>
    createAccount("provider", act, (actor) =>
      createProvider(
        {
          name: act.input.name,
          ips: validate(ipWhitelistTextSchema, act.input.ipWhitelist),
          depositCallbackUrl: optional(act.input.depositCallbackUrl),
          withdrawalCallbackUrl: optional(act.input.withdrawalCallbackUrl),
          creditCardCallbackUrl: optional(act.input.creditCardCallbackUrl),
        },
        actor,
      ),
    ),
});

export const providerSettingsAction = consoleAction({
  roles: ACCOUNT_ROLES,
  // Passed on as posted (null when absent): updateProviderSettings parses them with its own schema.
  schema: z.object({ id: formField.id, rateLimitPerMinute: z.unknown(), embedOrigins: z.unknown() }),
  run: async ({ input, actor, t }) => {
    if (!input.id) return { error: t.providers.unknown };
    await updateProviderSettings(
      input.id,
      { rateLimitPerMinute: input.rateLimitPerMinute ?? null, embedOrigins: input.embedOrigins ?? null },
      actor,
    );
    revalidatePath(`/console/providers/${input.id}`);
    return { ok: t.common.saved };
  },
});
