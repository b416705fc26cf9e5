import type { ConsoleMessages } from "./en";
import type { ConsoleLang } from "./lang";
import { bankAccounts, blockedCustomers, eibanWallets, gateways, users } from "./tr/accounts";
import { acquirers, connectors } from "./tr/acquirers";
import { approvals, cardPayments } from "./tr/approvals";
import { audit } from "./tr/audit";
import { client } from "./tr/client";
import { common, errors, roles } from "./tr/common";
import { dashboard } from "./tr/dashboard";
import { deliveries } from "./tr/deliveries";
import { domain } from "./tr/domain";
import { spreadsheet } from "./tr/spreadsheet";
import { labels } from "./tr/labels";
import { ledger } from "./tr/ledger";
import { alerts, lifecycle } from "./tr/lifecycle";
import { dealers, keys, providers, sites } from "./tr/management";
import { secondFactor } from "./tr/second-factor";
import { siteIntegrations } from "./tr/site-integrations";
import { login, missing, nav, titles } from "./tr/nav";
import { reconciliation } from "./tr/reconciliation";
import { search } from "./tr/search";
import { transactions } from "./tr/transactions";

/**
 * The console in Turkish. Typed as the English dictionary, so a missing or extra key (at any depth) or a
 * message function with other parameters fails the type check; ./dictionaries.test.ts checks it at run time.
 */
export const tr: ConsoleMessages = {
  lang: "tr" as ConsoleLang,
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
