import type { Metadata } from "next";
import { ActionForm } from "@/components/console/action-form";
import { GatewayForm } from "@/components/console/gateway-form";
import { gatewayNotifyUrl } from "@/lib/integrations/gateways/third-party-gateway";
import { requireConsoleUser } from "@/lib/edge/auth/console-user";
import { prisma } from "@/lib/base/db/prisma";
import { consoleMessages } from "@/lib/edge/i18n/console/server";
import { SelectField } from "@/components/ui/select-field";
import { GRACE_CHOICES } from "@/lib/domain/accounts/secret-rotation";
import { rotateGatewaySecretAction, testGatewayConnectionAction } from "./actions";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await consoleMessages()).nav.items.gateways };
}

export default async function GatewaysPage() {
  const [, t] = await Promise.all([requireConsoleUser(["ADMIN"]), consoleMessages()]);
  const gateways = await prisma.gateway.findMany({ orderBy: [{ method: "asc" }, { id: "asc" }] });
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">{t.gateways.heading}</h1>
      <section className="rounded-lg bg-white p-4 ring-1 ring-slate-200">
        <h2 className="mb-1 font-medium">{t.gateways.new}</h2>
        <p className="mb-3 text-sm text-slate-600">{t.gateways.secretIntro}</p>
        <GatewayForm t={t} />
      </section>
      {gateways.map((g) => (
        <section key={g.id} aria-label={g.name} className="rounded-lg bg-white p-4 ring-1 ring-slate-200">
          <h2 className="mb-3 font-medium">
            #{g.id} {g.name} <span className="text-sm font-normal text-slate-500">({g.isActive ? t.common.activeLower : t.common.inactiveLower})</span>
          </h2>
          <GatewayForm gateway={g} t={t} />
          <div className="mt-4 flex flex-col gap-2 border-t border-slate-100 pt-3">
            <p className="text-sm break-all text-slate-600">{t.gateways.notifyUrl(gatewayNotifyUrl(g))}</p>
            <ActionForm action={testGatewayConnectionAction} submitLabel={t.gateways.testConnection} pendingLabel={t.gateways.testing}>
              <input type="hidden" name="id" value={g.id} />
            </ActionForm>
            <ActionForm action={rotateGatewaySecretAction} submitLabel={t.gateways.rotateSecret} submitVariant="danger" pendingLabel={t.common.issuing} confirmText={t.gateways.confirmRotateSecret}>
              <input type="hidden" name="id" value={g.id} />
              <SelectField label={t.gateways.grace} name="grace" defaultValue="0" options={GRACE_CHOICES.map((c) => ({ value: String(c.seconds), label: t.labels.grace[c.key] }))} />
            </ActionForm>
          </div>
        </section>
      ))}
    </div>
  );
}
