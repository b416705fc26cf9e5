import { prisma } from "@/lib/base/db/prisma";

/** The numeric id an account name carries for its kind ("acquirer:12" -> 12 for "acquirer"). */
function idsOf(accounts: readonly string[], kind: "acquirer" | "gateway" | "wallet"): number[] {
  const prefix = `${kind}:`;
  return [
    ...new Set(
      accounts
        .filter((a) => a.startsWith(prefix))
        .map((a) => Number(a.slice(prefix.length)))
        .filter((n) => Number.isInteger(n) && n > 0),
    ),
  ];
}

/**
 * What staff read for each partner account that runs and discrepancies name: the dealer's name for its
 * acquirer, the gateway's name, the wallet's id and IBAN (as partner-accounts.ts labels them when it runs). An
 * account whose row is gone keeps its stored name.
 */
export async function accountLabels(accounts: readonly string[]): Promise<Map<string, string>> {
  const [dealers, gateways, wallets] = await Promise.all([
    prisma.dealer.findMany({ where: { id: { in: idsOf(accounts, "acquirer") } }, select: { id: true, name: true } }),
    prisma.gateway.findMany({ where: { id: { in: idsOf(accounts, "gateway") } }, select: { id: true, name: true } }),
    prisma.eibanWallet.findMany({
      where: { id: { in: idsOf(accounts, "wallet") } },
      select: { id: true, walletId: true, iban: true },
    }),
  ]);
  const labels = new Map<string, string>(accounts.map((a) => [a, a]));
  for (const d of dealers) labels.set(`acquirer:${d.id}`, d.name);
  for (const g of gateways) labels.set(`gateway:${g.id}`, g.name);
  for (const w of wallets) labels.set(`wallet:${w.id}`, `${w.walletId} (${w.iban})`);
  return labels;
}

/** The partners (connector names) that have been reconciled for the dealer, or for every account (admins). */
export async function reconPartners(dealerId: number | undefined): Promise<string[]> {
  const rows = await prisma.reconRun.findMany({
    where: { dealerId },
    distinct: ["partner"],
    select: { partner: true },
    orderBy: { partner: "asc" },
  });
  return rows.map((r) => r.partner);
}

/** The tracking code staff know a discrepancy's payment by (the partner's-only records carry none of ours). */
export async function trackingCodeOf(transactionId: number | null): Promise<string | null> {
  if (transactionId === null) return null;
  const row = await prisma.transaction.findUnique({ where: { id: transactionId }, select: { trackingCode: true } });
  return row?.trackingCode ?? null;
}
