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
  createAccount,
  rotateSecretOfAccount,
} from "@/lib/edge/console/account-actions";
import { createDealer } from "@/lib/domain/dealers/create-dealer";
import { updateDealer } from "@/lib/domain/dealers/update-dealer";
import { validate } from "@/lib/domain/schemas/validate";
import type { DEALER_METHODS } from "@/lib/domain/schemas/dealer";
import { ipWhitelistTextSchema } from "@/lib/domain/schemas/ip-whitelist";

// Dealer staff may view their dealer's settings but not change them: only admins reach these actions.

type Method = (typeof DEALER_METHODS)[number];
const profile = {
  name: formField.text,
  methods: formField.list,
  creditCardCallbackUrl: formField.text,
  welcomeMessage: formField.text,
};

export const createDealerAction = consoleAction({
  roles: ACCOUNT_ROLES,
  schema: z.object({ ...profile, ipWhitelist: formField.text }),
  run: (act) =>
    createAccount("dealer", act, (actor) =>
      createDealer(
        {
          name: act.input.name,
          methods: act.input.methods as Method[],
          creditCardCallbackUrl: act.input.creditCardCallbackUrl.trim() || undefined,
          ips: validate(ipWhitelistTextSchema, act.input.ipWhitelist),
          welcomeMessage: act.input.welcomeMessage.trim() || undefined,
        },
        actor,
      ),
    ),
});

export const updateDealerAction = consoleAction({
  roles: ACCOUNT_ROLES,
  schema: z.object({ id: formField.id, ...profile, isActive: formField.flag }),
  run: (act) =>
    changeAccount("dealer", act, async (id, { input, actor, t }) => {
      const { name, welcomeMessage, isActive, creditCardCallbackUrl } = input;
      await updateDealer(
        id,
        { name, welcomeMessage, isActive, methods: input.methods as Method[], creditCardCallbackUrl },
        actor,
      );
      return { ok: t.common.saved };
    }),
});

export const dealerWhitelistAction = consoleAction({
  roles: ACCOUNT_ROLES,
  schema: accountChangeSchema,
  run: (act) => changeAccountWhitelist("dealer", act),
});

export const rotateDealerSecretAction = consoleAction({
  roles: ACCOUNT_ROLES,
  schema: accountChangeSchema,
  run: (act) => rotateSecretOfAccount("dealer", act),
});

export const dealerSecurityAction = consoleAction({
  roles: ACCOUNT_ROLES,
  schema: accountChangeSchema,
  run: (act) => changeAccountSecurity("dealer", act),
});
