"use server";

import { revalidatePath } from "next/cache";
import type { ActionState } from "@/lib/edge/auth/action-user";
import { formFlag, formId, formText } from "@/lib/edge/console/form-values";
import { guardedAction } from "@/lib/edge/console/guarded-action";
import { consoleTime } from "@/lib/edge/console/format";
import { targetDealer } from "@/lib/edge/console/target-dealer";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import { createSiteIntegration } from "@/lib/domain/site-integrations/create-site-integration";
import { revokeSiteIntegration } from "@/lib/domain/site-integrations/revoke-site-integration";
import { rotateSiteIntegrationSecret } from "@/lib/domain/site-integrations/rotate-site-integration-secret";
import type { SiteScope } from "@/lib/domain/schemas/site-scopes";
import { updateSiteIntegration } from "@/lib/domain/site-integrations/update-site-integration";

// Admins manage every dealer's integrations, dealer staff their own dealer's: the domain functions refuse
// another dealer's rows for staff inside their transaction (actor.dealerId).
const ROLES = ["ADMIN", "DEALER"] as const;
const STAFF_ONLY = (t: ConsoleMessages) => t.siteIntegrations.staffOnly;

const scopes = (form: FormData) => form.getAll("scopes").map(String) as SiteScope[];
const page = (dealerId: number) => revalidatePath(`/console/dealers/${dealerId}`);

export async function createSiteIntegrationAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return guardedAction([...ROLES], STAFF_ONLY, async (user, actor, t) => {
    const target = targetDealer(user, form, t.errors);
    if ("error" in target) return target;
    const created = await createSiteIntegration(
      { dealerId: target.dealerId, name: formText(form, "name"), scopes: scopes(form), ips: formText(form, "ips"), origins: formText(form, "origins") },
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
  });
}

export async function updateSiteIntegrationAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return guardedAction([...ROLES], STAFF_ONLY, async (_user, actor, t) => {
    const id = formId(form);
    if (!id) return { error: t.siteIntegrations.unknown };
    const saved = await updateSiteIntegration(
      id,
      { name: formText(form, "name"), scopes: scopes(form), ips: formText(form, "ips"), origins: formText(form, "origins"), isActive: formFlag(form, "isActive") },
      actor,
    );
    page(saved.dealer_id);
    return { ok: t.common.saved };
  });
}

export async function rotateSiteIntegrationSecretAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return guardedAction([...ROLES], STAFF_ONLY, async (_user, actor, t) => {
    const id = formId(form);
    if (!id) return { error: t.siteIntegrations.unknown };
    const rotated = await rotateSiteIntegrationSecret(id, actor, Number(formText(form, "graceSeconds") || "0"));
    page(rotated.dealer_id);
    const until = rotated.previous_secret_valid_until;
    return {
      ok: until ? t.keys.newSecretUntil(consoleTime(new Date(until), t.lang)) : t.keys.newSecretNow,
      secrets: [{ label: t.keys.secretKey, value: rotated.secret_key }],
    };
  });
}

export async function revokeSiteIntegrationAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return guardedAction([...ROLES], STAFF_ONLY, async (_user, actor, t) => {
    const id = formId(form);
    if (!id) return { error: t.siteIntegrations.unknown };
    const revoked = await revokeSiteIntegration(id, actor);
    page(revoked.dealer_id);
    return { ok: t.siteIntegrations.revoked };
  });
}
