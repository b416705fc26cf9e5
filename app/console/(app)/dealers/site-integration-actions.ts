"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { consoleAction } from "@/lib/edge/console/console-action";
import { formField } from "@/lib/edge/console/form-fields";
import { consoleTime } from "@/lib/edge/console/format";
import { targetDealer } from "@/lib/edge/console/target-dealer";
import { createSiteIntegration } from "@/lib/domain/site-integrations/create-site-integration";
import { revokeSiteIntegration } from "@/lib/domain/site-integrations/revoke-site-integration";
import { rotateSiteIntegrationSecret } from "@/lib/domain/site-integrations/rotate-site-integration-secret";
import type { SiteScope } from "@/lib/domain/schemas/site-scopes";
import { updateSiteIntegration } from "@/lib/domain/site-integrations/update-site-integration";

// Admins manage every dealer's integrations, dealer staff their own dealer's: the domain functions refuse
// another dealer's rows for staff inside their transaction (actor.dealerId).
const STAFF = ["ADMIN", "DEALER"] as const;

const integration = { name: formField.text, scopes: formField.list, ips: formField.text, origins: formField.text };
const byId = z.object({ id: formField.id, graceSeconds: formField.text });
const page = (dealerId: number) => revalidatePath(`/console/dealers/${dealerId}`);

export const createSiteIntegrationAction = consoleAction({
  roles: STAFF,
  schema: z.object({ dealerId: z.unknown(), ...integration }),
  run: async ({ input, user, actor, t }) => {
    const target = targetDealer(user, input.dealerId, t.errors);
    if ("error" in target) return target;
    const created = await createSiteIntegration(
      {
        dealerId: target.dealerId,
        name: input.name,
        scopes: input.scopes as SiteScope[],
        ips: input.ips,
        origins: input.origins,
      },
      actor,
    );
    page(target.dealerId);
    return {
      ok: t.siteIntegrations.created(created.name),
      secrets: [
        { label: t.siteIntegrations.siteToken, value: created.site_token },
        { label: t.keys.secretKey, value: created.secret_key },
      ],
    };
  },
});

export const updateSiteIntegrationAction = consoleAction({
  roles: STAFF,
  schema: z.object({ id: formField.id, ...integration, isActive: formField.flag }),
  run: async ({ input: { id, scopes, ...fields }, actor, t }) => {
    if (!id) return { error: t.siteIntegrations.unknown };
    const saved = await updateSiteIntegration(id, { ...fields, scopes: scopes as SiteScope[] }, actor);
    page(saved.dealer_id);
    return { ok: t.common.saved };
  },
});

export const rotateSiteIntegrationSecretAction = consoleAction({
  roles: STAFF,
  schema: byId,
  run: async ({ input, actor, t }) => {
    if (!input.id) return { error: t.siteIntegrations.unknown };
    const rotated = await rotateSiteIntegrationSecret(input.id, actor, Number(input.graceSeconds || "0"));
    page(rotated.dealer_id);
    const until = rotated.previous_secret_valid_until;
    return {
      ok: until ? t.keys.newSecretUntil(consoleTime(new Date(until), t.lang)) : t.keys.newSecretNow,
      secrets: [{ label: t.keys.secretKey, value: rotated.secret_key }],
    };
  },
});

export const revokeSiteIntegrationAction = consoleAction({
  roles: STAFF,
  schema: byId,
  run: async ({ input, actor, t }) => {
    if (!input.id) return { error: t.siteIntegrations.unknown };
    const revoked = await revokeSiteIntegration(input.id, actor);
    page(revoked.dealer_id);
    return { ok: t.siteIntegrations.revoked };
  },
});
