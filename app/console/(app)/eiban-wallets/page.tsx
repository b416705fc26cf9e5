import { sectionRoles } from "@/components/console/console-nav";
import type { Metadata } from "next";
import { ActionForm } from "@/components/console/action-form";
import { EibanWalletManage } from "@/app/console/(app)/eiban-wallets/_components/eiban-wallet-manage";
import { DataTable } from "@/components/console/data-table";
import { requireConsoleUser } from "@/lib/edge/auth/console-user";
import { consoleTime } from "@/lib/edge/console/format";
import { formatAge } from "@/lib/edge/console/format-age";
import { listEibanWalletsForConsole } from "@/lib/domain/eiban/list-dealer-eibans";
import {
  lastWalletMovements,
  reconciliationState,
  type ReconciliationState,
} from "@/lib/domain/eiban/wallet-reconciliation";
import { dealerChoices } from "@/lib/domain/explorer/choices";
import { formatIban } from "@/lib/base/iban/iban";
import { consoleMessages } from "@/lib/edge/i18n/console/server";
import { formatMoney } from "@/lib/base/money/format-money";
import { reconcileAction } from "./actions";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await consoleMessages()).eibanWallets.heading };
}

const STATE_CLASS: Record<ReconciliationState, string> = {
  mismatch: "font-semibold text-red-700",
  matches: "text-emerald-700",
  stale: "text-amber-800",
  unchecked: "text-slate-600",
};

export default async function EibanWalletsPage() {
  const [user, t] = await Promise.all([requireConsoleUser(sectionRoles("eibanWallets")), consoleMessages()]);
  const { eibanWallets: words, common: c } = t;
  const [wallets, dealers] = await Promise.all([
    listEibanWalletsForConsole(user),
    user.role === "ADMIN" ? dealerChoices(user) : undefined,
  ]);
  const movements = await lastWalletMovements(wallets.map((w) => w.id));
  const now = new Date();
  const stateWords: Record<ReconciliationState, { label: string; hint?: string }> = {
    mismatch: { label: words.mismatch, hint: words.mismatchHint },
    matches: { label: words.matches },
    stale: { label: words.stale, hint: words.staleHint },
    unchecked: { label: words.notChecked },
  };
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{words.heading}</h1>
        <ActionForm action={reconcileAction} submitLabel={words.reconcile} pendingLabel={words.askingBank} />
      </div>
      <DataTable
        // Five columns that fit a 1280 px screen without scrolling sideways: each groups what is read together.
        columns={[words.wallet, `${c.bank} · ${c.iban}`, words.balance, words.checked, words.reconciliation]}
        empty={wallets.length === 0 ? words.none : null}
      >
        {wallets.map((w) => {
          const state = reconciliationState(w, movements.get(w.id) ?? null);
          return (
            <tr key={w.id} className="border-t border-slate-100">
              <td className="px-3 py-2">
                <span className="block font-mono text-xs">{w.walletId}</span>
                <span className="block">{w.dealer.name}</span>
                <span className="block text-xs text-slate-600">{w.isActive ? c.active : c.inactive}</span>
              </td>
              <td className="px-3 py-2">
                <span className="block">{w.bankName}</span>
                <span className="block font-mono text-xs whitespace-nowrap">{formatIban(w.iban)}</span>
              </td>
              <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                <span className="block font-medium">{formatMoney(w.balance, t.lang)}</span>
                <span className="block text-xs text-slate-600">
                  {words.available}: {formatMoney(w.availableBalance, t.lang)}
                </span>
                <span className="block text-xs text-slate-600">
                  {words.bankBalance}: {w.bankBalance ? formatMoney(w.bankBalance, t.lang) : "—"}
                </span>
              </td>
              <td className="px-3 py-2 whitespace-nowrap">
                {consoleTime(w.reconciledAt, t.lang)}
                {w.reconciledAt && (
                  <span className="block text-xs text-slate-600" data-testid="bank-figure-age">
                    {words.figureAge(formatAge(now.getTime() - w.reconciledAt.getTime(), t.lang))}
                  </span>
                )}
              </td>
              <td className="min-w-48 px-3 py-2" data-testid="reconciliation" data-state={state}>
                <span className={STATE_CLASS[state]}>{stateWords[state].label}</span>
                {stateWords[state].hint && (
                  <span className="block text-xs text-slate-600">{stateWords[state].hint}</span>
                )}
              </td>
            </tr>
          );
        })}
      </DataTable>
      <EibanWalletManage wallets={wallets} dealers={dealers} canAdd={user.role === "ADMIN"} t={t} />
    </div>
  );
}
