import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { DealerEditPanels } from "@/components/console/dealers/dealer-edit-panels";
import { DealerReadOnly } from "@/components/console/dealers/dealer-read-only";
import { requireConsoleUser } from "@/lib/auth/console-user";
import { countLabel } from "@/lib/console/format";
import { routeId } from "@/lib/console/route-id";
import { findConsoleDealer } from "@/lib/dealers/find-console-dealer";

export const metadata: Metadata = { title: "Dealer" };

export default async function DealerPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requireConsoleUser(["ADMIN", "DEALER"]);
  // Another dealer's page is a 404, exactly like a missing one.
  const dealer = await findConsoleDealer(user, await routeId(params));
  if (!dealer) notFound();
  const isAdmin = user.role === "ADMIN";
  return (
    <div className="flex flex-col gap-6">
      <div>
        {isAdmin && (
          <Link href="/console/dealers" className="text-sm text-brand-700 hover:underline">
            ← All dealers
          </Link>
        )}
        <h1 className="text-2xl font-semibold">{dealer.name}</h1>
        <p className="text-sm text-slate-600">
          Dealer #{dealer.id} · {dealer.isActive ? "active" : "inactive"} · {countLabel(dealer._count.sites, "site", "sites")} ·{" "}
          <Link href="/console/bank-accounts" className="text-brand-700 hover:underline">
            {countLabel(dealer._count.bankAccounts, "bank account", "bank accounts")}
          </Link>{" "}
          ·{" "}
          <Link href="/console/eiban-wallets" className="text-brand-700 hover:underline">
            {countLabel(dealer._count.eibanWallets, "E-IBAN wallet", "E-IBAN wallets")}
          </Link>
        </p>
      </div>
      {isAdmin ? <DealerEditPanels dealer={dealer} /> : <DealerReadOnly dealer={dealer} />}
    </div>
  );
}
