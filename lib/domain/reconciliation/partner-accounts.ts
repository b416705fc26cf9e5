import { prisma } from "@/lib/base/db/prisma";
import { openDealerAcquirer } from "@/lib/domain/cards/dealer-acquirer";
import { gatewayConnection } from "@/lib/domain/third-party/gateway-connection";
import { walletBank } from "@/lib/domain/transfers/wallet-bank";
import type { PartnerReport } from "@/lib/integrations/connectors/report-port";
import { cardSide } from "./our-card-records";
import { gatewaySide } from "./our-gateway-records";
import type { OurSide } from "./our-side";
import { walletSide } from "./our-wallet-records";

/** One account at one partner whose day is reconciled: a dealer's acquirer, a gateway, an E-IBAN wallet. */
export type PartnerAccount = {
  /** "acquirer:<dealer id>", "gateway:<gateway id>" or "wallet:<wallet id>": what runs and discrepancies name. */
  account: string;
  /** The connector's registry name. */
  partner: string;
  /** What staff read: the dealer's, gateway's or wallet's name. */
  label: string;
  dealerId: number | null;
  gatewayId: number | null;
  walletId: number | null;
  /** The partner's report, or null where its connector lists nothing yet (the account is not reconciled). */
  report: PartnerReport<unknown> | null;
  config: unknown;
  /** The account's own reference at the partner (a wallet's IBAN). */
  accountRef?: string;
  ours: OurSide;
  /** When the account was set up here: the schedule reconciles no day before it. */
  since: Date;
};

export type AccountFilter = { dealerId?: number; gatewayId?: number; walletId?: number };

/**
 * Every partner account the service can call now (a configured acquirer, an active gateway with a usable
 * configuration, an active wallet's bank), narrowed by the filter. One that cannot be called is left out: it has
 * no partner to ask (the console shows its configuration problem elsewhere).
 */
export async function partnerAccounts(filter: AccountFilter = {}): Promise<PartnerAccount[]> {
  const only = (key: keyof AccountFilter) => Object.keys(filter).length === 0 || filter[key] !== undefined;
  const accounts: PartnerAccount[] = [];
  if (only("dealerId")) {
    const rows = await prisma.dealerAcquirer.findMany({
      where: { dealerId: filter.dealerId },
      include: { dealer: { select: { name: true } } },
      orderBy: { dealerId: "asc" },
    });
    for (const row of rows) {
      const acquirer = openDealerAcquirer(row);
      if (!acquirer) continue;
      accounts.push({
        account: `acquirer:${row.dealerId}`,
        partner: acquirer.name,
        label: row.dealer.name,
        dealerId: row.dealerId,
        gatewayId: null,
        walletId: null,
        report: acquirer.connector.report ?? null,
        config: acquirer.config,
        ours: cardSide(row.dealerId),
        since: row.createdAt,
      });
    }
  }
  if (only("gatewayId") && filter.dealerId === undefined) {
    const gateways = await prisma.gateway.findMany({
      where: { id: filter.gatewayId, isActive: true },
      orderBy: { id: "asc" },
    });
    for (const gateway of gateways) {
      let connection;
      try {
        connection = gatewayConnection(gateway);
      } catch {
        continue;
      }
      accounts.push({
        account: `gateway:${gateway.id}`,
        partner: gateway.adapter,
        label: gateway.name,
        dealerId: null,
        gatewayId: gateway.id,
        walletId: null,
        report: connection.connector.report ?? null,
        config: connection.config,
        ours: gatewaySide(gateway.id),
        since: gateway.createdAt,
      });
    }
  }
  if (only("walletId") || filter.dealerId !== undefined) {
    const wallets = await prisma.eibanWallet.findMany({
      where: { id: filter.walletId, dealerId: filter.dealerId, isActive: true },
      orderBy: { id: "asc" },
    });
    for (const wallet of wallets) {
      let bank;
      try {
        bank = walletBank(wallet);
      } catch {
        continue;
      }
      accounts.push({
        account: `wallet:${wallet.id}`,
        partner: wallet.connector ?? "http-partner",
        label: `${wallet.walletId} (${wallet.iban})`,
        dealerId: wallet.dealerId,
        gatewayId: null,
        walletId: wallet.id,
        report: bank.connector.report ?? null,
        config: bank.config,
        accountRef: wallet.iban,
        ours: walletSide(wallet.id, wallet.dealerId),
        since: wallet.createdAt,
      });
    }
  }
  return accounts;
}
