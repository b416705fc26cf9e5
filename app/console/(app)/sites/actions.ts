"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { consoleAction } from "@/lib/edge/console/console-action";
import { formField } from "@/lib/edge/console/form-fields";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import { createSite } from "@/lib/domain/sites/create-site";
import { rotateSiteCredentialKey } from "@/lib/domain/sites/rotate-site-credential-key";
import { setSiteGateways } from "@/lib/domain/sites/set-site-gateways";
import { updateSite } from "@/lib/domain/sites/update-site";

// Dealer staff and provider viewers see their sites read-only; only admins reach these actions.
const ADMINS = ["ADMIN"] as const;
const unknown = (t: ConsoleMessages) => ({ error: t.sites.unknown });

export const createSiteAction = consoleAction({
  roles: ADMINS,
  schema: z.object({
    providerId: formField.id,
    dealerId: formField.id,
    name: formField.text,
    returnUrl: formField.text,
    legalName: formField.text,
    logoUrl: formField.text,
    gatewayIds: formField.list,
  }),
  run: async ({ input: { providerId, dealerId, ...fields }, actor, t }) => {
    if (!providerId || !dealerId) return { error: t.sites.chooseBoth };
    const created = await createSite({ providerId, dealerId, ...fields }, actor);
    revalidatePath("/console/sites");
    return {
      ok: t.sites.created(created.id),
      secrets: [{ label: t.keys.credentialKey, value: created.credential_key }],
    };
  },
});

export const updateSiteAction = consoleAction({
  roles: ADMINS,
  schema: z.object({
    id: formField.id,
    name: formField.text,
    dealerId: formField.text,
    isActive: formField.flag,
    returnUrl: formField.text,
    legalName: formField.text,
    logoUrl: formField.text,
  }),
  run: async ({ input: { id, ...fields }, actor, t }) => {
    if (!id) return unknown(t);
    await updateSite(id, fields, actor);
    revalidatePath("/console/sites");
    return { ok: t.common.saved };
  },
});

/** The gateways the site offers on its deposit pages: exactly the ticked ones. */
export const siteGatewaysAction = consoleAction({
  roles: ADMINS,
  schema: z.object({ id: formField.id, gatewayIds: formField.list }),
  run: async ({ input: { id, gatewayIds }, actor, t }) => {
    if (!id) return unknown(t);
    await setSiteGateways(id, gatewayIds, actor);
    revalidatePath("/console/sites");
    return { ok: t.common.saved };
  },
});

export const rotateSiteKeyAction = consoleAction({
  roles: ADMINS,
  schema: z.object({ id: formField.id }),
  run: async ({ input, actor, t }) => {
    if (!input.id) return unknown(t);
    const rotated = await rotateSiteCredentialKey(input.id, actor);
    revalidatePath("/console/sites");
    return { ok: t.sites.newCredentialKey, secrets: [{ label: t.keys.credentialKey, value: rotated.credential_key }] };
  },
});
