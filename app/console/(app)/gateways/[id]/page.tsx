import { gatewayMethodOf } from "@/lib/domain/payment-methods";
import { sectionRoles } from "@/components/console/console-nav";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ActionForm } from "@/components/console/action-form";
import { GatewayForm } from "@/app/console/(app)/gateways/_components/gateway-form";
import { SelectField } from "@/components/ui/select-field";
import { gatewayNotifyUrl } from "@/lib/integrations/gateways/third-party-gateway";
import { requireConsoleUser } from "@/lib/edge/auth/console-user";
import { routeId } from "@/lib/edge/console/route-id";
import { findGateway } from "@/lib/domain/third-party/find-gateway";
import { consoleMessages } from "@/lib/edge/i18n/console/server";
import { GRACE_CHOICES } from "@/lib/domain/accounts/secret-rotation";
import { rotateGatewaySecretAction, testGatewayConnectionAction } from "../actions";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await consoleMessages()).nav.items.gateways };
}

/**
 * One gateway: its settings (only the fields its kind uses), the connection test, and the actions that break
 * its current setup (a new webhook secret) folded away under "More actions", each asking before it runs.
 */
export default async function GatewayPage({ params }: { params: Promise<{ id: string }> }) {
  const [, t] = await Promise.all([requireConsoleUser(sectionRoles("gateways")), consoleMessages()]);
  const id = await routeId(params);
  const gateway = await findGateway(id);
  if (!gateway) notFound();
  const words = t.gateways;
  return (
    <div className="flex flex-col gap-6">
      <Link href="/console/gateways" className="text-sm text-slate-600 hover:text-slate-900">
        {words.back}
      </Link>
      <h1 className="text-2xl font-semibold wrap-anywhere">
        {gateway.name}{" "}
        <span className="text-base font-normal text-slate-600">
          ({t.labels.gatewayMethod[gatewayMethodOf(gateway.method)]} ·{" "}
          {gateway.isActive ? t.common.activeLower : t.common.inactiveLower})
        </span>
      </h1>
      <section className="rounded-lg bg-white p-4 ring-1 ring-slate-200">
        <GatewayForm gateway={gateway} t={t} />
      </section>
      <section className="flex flex-col gap-3 rounded-lg bg-white p-4 ring-1 ring-slate-200">
        <p className="text-sm wrap-anywhere text-slate-600">{words.notifyUrl(gatewayNotifyUrl(gateway))}</p>
        <ActionForm
          action={testGatewayConnectionAction}
          submitLabel={words.testConnection}
          submitVariant="secondary"
          pendingLabel={words.testing}
        >
          <input type="hidden" name="id" value={gateway.id} />
        </ActionForm>
      </section>
      <details className="rounded-lg bg-white p-4 ring-1 ring-slate-200" data-testid="gateway-more-actions">
        <summary className="cursor-pointer font-medium">{words.moreActions}</summary>
        <p className="mt-2 mb-3 text-sm text-slate-600">{words.moreActionsHint}</p>
        <ActionForm
          action={rotateGatewaySecretAction}
          submitLabel={words.rotateSecret}
          submitVariant="danger"
          pendingLabel={t.common.issuing}
          confirmText={words.confirmRotateSecret}
        >
          <input type="hidden" name="id" value={gateway.id} />
          <SelectField
            label={words.grace}
            name="grace"
            defaultValue="0"
            options={GRACE_CHOICES.map((c) => ({ value: String(c.seconds), label: t.labels.grace[c.key] }))}
          />
        </ActionForm>
      </details>
    </div>
  );
}
