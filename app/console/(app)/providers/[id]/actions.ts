"use server";

import { z } from "zod";
import { consoleAction } from "@/lib/edge/console/console-action";
import { formField } from "@/lib/edge/console/form-fields";
import {
  ACCOUNT_ROLES,
  accountChangeSchema,
  changeAccount,
  changeAccountSecurity,
  changeAccountWhitelist,
  rotateSecretOfAccount,
} from "@/lib/edge/console/account-actions";
import { rotateVerificationKey } from "@/lib/domain/providers/rotate-verification-key";
import { updateProvider } from "@/lib/domain/providers/update-provider";

// Admins manage every provider, so the role is the whole tenancy check; provider viewers are read-only.

export const updateProviderAction = consoleAction({
  roles: ACCOUNT_ROLES,
  schema: z.object({
    id: formField.id,
    name: formField.text,
    isActive: formField.flag,
    depositCallbackUrl: formField.text,
    withdrawalCallbackUrl: formField.text,
    creditCardCallbackUrl: formField.text,
  }),
  run: (act) =>
    changeAccount("provider", act, async (id, { input, actor, t }) => {
      const { name, isActive, depositCallbackUrl, withdrawalCallbackUrl, creditCardCallbackUrl } = input;
      const saved = await updateProvider(
        id,
        { name, isActive, depositCallbackUrl, withdrawalCallbackUrl, creditCardCallbackUrl },
        actor,
      );
      return { ok: saved.isActive ? t.common.saved : t.providers.savedInactive };
    }),
});

export const providerWhitelistAction = consoleAction({
  roles: ACCOUNT_ROLES,
  schema: accountChangeSchema,
  run: (act) => changeAccountWhitelist("provider", act),
});

export const rotateProviderSecretAction = consoleAction({
  roles: ACCOUNT_ROLES,
  schema: accountChangeSchema,
  run: (act) => rotateSecretOfAccount("provider", act),
});

export const rotateVerificationKeyAction = consoleAction({
  roles: ACCOUNT_ROLES,
  schema: z.object({ id: formField.id }),
  run: (act) =>
    changeAccount("provider", act, async (id, { actor, t }) => {
      const rotated = await rotateVerificationKey(id, actor);
      return {
        ok: t.providers.newVerificationKey,
        secrets: [{ label: t.keys.verificationKey, value: rotated.verification_key }],
      };
    }),
});

export const providerSecurityAction = consoleAction({
  roles: ACCOUNT_ROLES,
  schema: accountChangeSchema,
  run: (act) => changeAccountSecurity("provider", act),
});
