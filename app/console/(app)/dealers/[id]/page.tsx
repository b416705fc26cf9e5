import { sectionRoles } from "@/components/console/console-nav";
import Link from "next/link";
import { AccountDetailHead } from "@/components/console/accounts/account-detail-head";
import { DealerAcquirerPanel } from "@/app/console/(app)/dealers/_components/dealer-acquirer-panel";
import { DealerEditPanels } from "@/app/console/(app)/dealers/_components/dealer-edit-panels";
import { DealerReadOnly } from "@/components/console/dealers/dealer-read-only";
import { SiteIntegrationsPanel } from "@/app/console/(app)/dealers/_components/site-integrations-panel";
import { accountDetailMetadata, loadAccountPage } from "@/lib/edge/console/account-page";
import { findConsoleDealer } from "@/lib/domain/dealers/find-console-dealer";
import { showDealerAcquirer } from "@/lib/domain/cards/dealer-acquirer";
import { listSiteIntegrations } from "@/lib/domain/site-integrations/list-site-integrations";

export const generateMetadata = accountDetailMetadata("dealer");

export default async function DealerPage({ params }: { params: Promise<{ id: string }> }) {
  // Another dealer's page is a 404, exactly like a missing one.
  const { t, account: dealer, isAdmin } = await loadAccountPage(sectionRoles("dealers"), params, findConsoleDealer);
  const integrations = await listSiteIntegrations({ dealerId: dealer.id });
  const words = t.dealers;
  return (
    <div className="flex flex-col gap-6">
      <AccountDetailHead
        kind="dealer"
        account={dealer}
        isAdmin={isAdmin}
        t={t}
        more={
          <>
            {" "}
            · {words.siteCount(dealer._count.sites)} ·{" "}
            <Link href="/console/bank-accounts" className="text-brand-700 underline underline-offset-2">
              {words.bankAccountCount(dealer._count.bankAccounts)}
            </Link>{" "}
            ·{" "}
            <Link href="/console/eiban-wallets" className="text-brand-700 underline underline-offset-2">
              {words.walletCount(dealer._count.eibanWallets)}
            </Link>
          </>
        }
      />
      {isAdmin ? <DealerEditPanels dealer={dealer} t={t} /> : <DealerReadOnly dealer={dealer} t={t} />}
      {isAdmin && <DealerAcquirerPanel dealerId={dealer.id} acquirer={await showDealerAcquirer(dealer.id)} t={t} />}
      <SiteIntegrationsPanel dealerId={dealer.id} integrations={integrations} t={t} />
    </div>
  );
}
