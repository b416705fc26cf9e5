import { bankAccounts, blockedCustomers, eibanWallets, gateways, users } from "./en/accounts";
import { acquirers, connectors } from "./en/acquirers";
import { approvals, cardPayments } from "./en/approvals";
import { audit } from "./en/audit";
import { client } from "./en/client";
import { common, errors, roles } from "./en/common";
import { dashboard } from "./en/dashboard";
import { deliveries } from "./en/deliveries";
import { domain } from "./en/domain";
import { spreadsheet } from "./en/spreadsheet";
import { labels } from "./en/labels";
import { ledger } from "./en/ledger";
import { alerts, lifecycle } from "./en/lifecycle";
import { dealers, keys, providers, sites } from "./en/management";
import { secondFactor } from "./en/second-factor";
import { siteIntegrations } from "./en/site-integrations";
import { login, missing, nav, titles } from "./en/nav";
import { reconciliation } from "./en/reconciliation";
import { search } from "./en/search";
import { transactions } from "./en/transactions";
import type { ConsoleLang } from "./lang";

/** The console in English: the reference dictionary, whose shape the Turkish one must match exactly. */
export const en = {
  lang: "en" as ConsoleLang,
  common,
  roles,
  errors,
  nav,
  titles,
  missing,
  login,
  secondFactor,
  client,
  labels,
  dashboard,
  transactions,
  approvals,
  lifecycle,
  alerts,
  cardPayments,
  ledger,
  reconciliation,
  search,
  spreadsheet,
  acquirers,
  connectors,
  deliveries,
  domain,
  audit,
  keys,
  providers,
  dealers,
  sites,
  siteIntegrations,
  bankAccounts,
  eibanWallets,
  blockedCustomers,
  users,
  gateways,
};

export type ConsoleMessages = typeof en;
