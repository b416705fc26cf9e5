import { createSiteIntegrationAction } from "@/app/console/(app)/dealers/site-integration-actions";
import { ActionForm } from "@/components/console/action-form";
import { Panel } from "@/components/console/panel";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import type { SiteIntegrationView } from "@/lib/domain/site-integrations/site-integration-view";
import { DEFAULT_SITE_SCOPES } from "@/lib/domain/schemas/site-scopes";
import { SiteIntegrationCard } from "@/app/console/(app)/dealers/_components/site-integration-card";
import { SiteIntegrationFields } from "@/components/console/site-integrations/site-integration-fields";

/**
 * The dealer page's site integrations, for admins and the dealer's own staff alike: issue one (token and
 * secret shown once), then change, rotate or revoke each.
 */
export function SiteIntegrationsPanel({
  dealerId,
  integrations,
  t,
}: {
  dealerId: number;
  integrations: SiteIntegrationView[];
  t: ConsoleMessages;
}) {
  const w = t.siteIntegrations;
  return (
    <Panel title={w.heading} description={w.description}>
      {/* Not folded away: the token and secret appear under this form once, and must stay in view. */}
      <section aria-labelledby="new-site-integration" className="rounded-md bg-slate-50 p-3">
        <h3 id="new-site-integration" className="text-sm font-medium">
          {w.new}
        </h3>
        <ActionForm
          action={createSiteIntegrationAction}
          submitLabel={w.issue}
          pendingLabel={t.common.issuing}
          keepValuesOnError
          className="mt-3"
        >
          <input type="hidden" name="dealerId" value={dealerId} />
          <SiteIntegrationFields values={{ name: "", scopes: DEFAULT_SITE_SCOPES, ips: [], origins: [] }} t={t} />
        </ActionForm>
      </section>
      {integrations.length === 0 ? (
        <p className="text-sm text-slate-600">{w.none}</p>
      ) : (
        <div className="flex flex-col gap-3">
          {integrations.map((integration) => (
            <SiteIntegrationCard key={integration.id} integration={integration} t={t} />
          ))}
        </div>
      )}
    </Panel>
  );
}
