import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { DealerEditPanels } from "@/components/console/dealers/dealer-edit-panels";
import { DealerReadOnly } from "@/components/console/dealers/dealer-read-only";
import { SiteIntegrationsPanel } from "@/components/console/site-integrations/site-integrations-panel";
import { requireConsoleUser } from "@/lib/edge/auth/console-user";
import { routeId } from "@/lib/edge/console/route-id";
import { findConsoleDealer } from "@/lib/domain/dealers/find-console-dealer";
import { consoleMessages } from "@/lib/edge/i18n/console/server";
import { listSiteIntegrations } from "@/lib/domain/site-integrations/list-site-integrations";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await consoleMessages()).titles.dealer };
}

export default async function DealerPage({ params }: { params: Promise<{ id: string }> }) {
  const [user, t] = await Promise.all([requireConsoleUser(["ADMIN", "DEALER"]), consoleMessages()]);
  // Another dealer's page is a 404, exactly like a missing one.
  const dealer = await findConsoleDealer(user, await routeId(params));
  if (!dealer) notFound();
  const integrations = await listSiteIntegrations({ dealerId: dealer.id });
  const isAdmin = user.role === "ADMIN";
  const words = t.dealers;
  return (
    <div className="flex flex-col gap-6">
      <div>
        {isAdmin && (
          <Link href="/console/dealers" className="text-sm text-brand-700 hover:underline">
            {words.back}
          </Link>
        )}
        <h1 className="text-2xl font-semibold">{dealer.name}</h1>
        <p className="text-sm text-slate-600">
          {words.number(dealer.id)} · {dealer.isActive ? t.common.activeLower : t.common.inactiveLower} · {words.siteCount(dealer._count.sites)} ·{" "}
          <Link href="/console/bank-accounts" className="text-brand-700 underline underline-offset-2">
            {words.bankAccountCount(dealer._count.bankAccounts)}
          </Link>{" "}
          ·{" "}
          <Link href="/console/eiban-wallets" className="text-brand-700 underline underline-offset-2">
            {words.walletCount(dealer._count.eibanWallets)}
          </Link>
        </p>
      </div>
      {isAdmin ? <DealerEditPanels dealer={dealer} t={t} /> : <DealerReadOnly dealer={dealer} t={t} />}
      <SiteIntegrationsPanel dealerId={dealer.id} integrations={integrations} t={t} />
    </div>
  );
}
