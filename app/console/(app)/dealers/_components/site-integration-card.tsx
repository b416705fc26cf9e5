import {
  revokeSiteIntegrationAction,
  rotateSiteIntegrationSecretAction,
  updateSiteIntegrationAction,
} from "@/app/console/(app)/dealers/site-integration-actions";
import { ActionForm } from "@/components/console/action-form";
import { DetailList } from "@/components/console/panel";
import { RotateSecretForm } from "@/components/console/rotate-secret-form";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { consoleTime } from "@/lib/edge/console/format";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import type { SiteIntegrationView } from "@/lib/domain/site-integrations/site-integration-view";
import { isSiteScope } from "@/lib/domain/schemas/site-scopes";
import { SiteIntegrationFields } from "@/components/console/site-integrations/site-integration-fields";

/** One integration: what it may do and from where, then (unless revoked) change, new secret and revoke. */
export function SiteIntegrationCard({ integration: i, t }: { integration: SiteIntegrationView; t: ConsoleMessages }) {
  const w = t.siteIntegrations;
  const time = (iso: string | null) => (iso ? consoleTime(new Date(iso), t.lang) : w.never);
  const status = i.revoked_at ? w.revokedAt(time(i.revoked_at)) : i.active ? w.active : w.inactive;
  return (
    <section
      aria-label={w.region(i.name)}
      className={
        `flex flex-col gap-3 rounded-md p-3 ring-1 ` +
        `${i.revoked_at ? "bg-slate-50 ring-slate-200" : "ring-slate-300"}`
      }
    >
      <h3 className="font-medium break-words">{i.name}</h3>
      <DetailList
        items={[
          [w.status, status],
          [
            w.siteToken,
            <code key="token" className="font-mono text-xs">
              {i.site_token_hint}
            </code>,
          ],
          [w.scopes, i.scopes.map((s) => (isSiteScope(s) ? w.scope[s] : s)).join(", ")],
          [t.keys.ipWhitelist, i.ips.length ? i.ips.join(", ") : w.anyIp],
          [w.origins, i.origins.length ? i.origins.join(", ") : w.noOrigins],
          [
            t.keys.previousSecret,
            i.previous_secret_valid_until
              ? t.keys.stillVerifies(time(i.previous_secret_valid_until))
              : t.keys.noneInUse,
          ],
          [w.issuedAt, time(i.created_at)],
          [w.lastUsed, time(i.last_used_at)],
        ]}
      />
      {!i.revoked_at && (
        <>
          <details className="rounded-md bg-slate-50 p-3">
            <summary className="cursor-pointer text-sm font-medium text-brand-700">{w.change}</summary>
            <ActionForm
              action={updateSiteIntegrationAction}
              submitLabel={t.keys.saveSettings}
              keepValuesOnError
              className="mt-3"
            >
              <input type="hidden" name="id" value={i.id} />
              <SiteIntegrationFields values={i} t={t} />
              <CheckboxField label={w.activeField} name="isActive" defaultChecked={i.active} />
            </ActionForm>
          </details>
          {/* The grace choices' longest label would widen the card past a 390 px phone. */}
          <div className="[&_select]:w-64 [&_select]:max-w-full">
            <RotateSecretForm id={i.id} action={rotateSiteIntegrationSecretAction} t={t} />
          </div>
          <ActionForm
            action={revokeSiteIntegrationAction}
            submitLabel={w.revoke}
            submitVariant="danger"
            confirmText={w.confirmRevoke}
          >
            <input type="hidden" name="id" value={i.id} />
          </ActionForm>
        </>
      )}
    </section>
  );
}
