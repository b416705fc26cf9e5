import type { ConsoleRole } from "@/lib/generated/prisma/enums";

/** Words many console screens share: actions, states, pagination, column names. */
export const common = {
  appName: "Payment console",
  any: "Any",
  choose: "Choose…",
  filter: "Filter",
  clear: "Clear",
  save: "Save",
  saved: "Saved.",
  active: "Active",
  inactive: "Inactive",
  activeLower: "active",
  inactiveLower: "inactive",
  none: "none",
  notSet: "not set",
  issuing: "Issuing…",
  manage: "Manage",
  view: "View",
  edit: "Edit",
  editName: (name: string) => `Edit ${name}`,
  manageName: (name: string) => `Manage ${name}`,
  viewName: (name: string) => `View ${name}`,
  from: "From",
  to: "To",
  matching: (count: number) => `${count} matching`,
  /** A count that stopped at the cap (the explorer does not count millions of rows exactly). */
  matchingAtLeast: (count: number) => `${count.toLocaleString("en-US")}+ matching`,
  pages: "Pages",
  newer: "← Newer",
  older: "Older →",
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  pageOfAtLeast: (page: number, pages: number) => `Page ${page} of ${pages}+`,
  name: "Name",
  status: "Status",
  site: "Site",
  provider: "Provider",
  dealer: "Dealer",
  reason: "Reason",
  email: "Email",
  method: "Method",
  type: "Type",
  amount: "Amount",
  customer: "Customer",
  created: "Created",
  trackingCode: "Tracking code",
  bank: "Bank",
  accountHolder: "Account holder",
  iban: "IBAN",
  minAmount: "Min amount",
  maxAmount: "Max amount",
  description: "Description",
  /** The banner on every page while test partners are in use. */
  presets: { label: "Dates", today: "Today", yesterday: "Yesterday", last7: "Last 7 days", thisMonth: "This month" },
  testMode: {
    label: "Test mode",
    intro: "Test mode: no real money moves through",
    cards: (count: number) => `the sandbox card acquirer (${count} dealer${count === 1 ? "" : "s"})`,
    wallets: (count: number) => `the sandbox bank (${count} E-IBAN wallet${count === 1 ? "" : "s"})`,
    gateways: (count: number) => `sandbox gateways (${count})`,
    and: "and",
  },
};

export const roles: Record<ConsoleRole, string> = {
  ADMIN: "Admin",
  DEALER: "Dealer staff",
  PROVIDER: "Provider viewer",
};

/** What the console's errors say when a role or a form value does not fit, before any domain rule runs. */
export const errors = {
  /**
   * Every refusal of who the caller is, or of a record that is missing or not theirs: one text, so it tells nothing.
   */
  refused: "This is not available to your account.",
  chooseDealer: "Choose a dealer.",
  notLinkedToDealer: "Your account is not linked to a dealer.",
  ownDealerOnly: "You can only add to your own dealer.",
};

export type CommonMessages = typeof common;
export type ErrorMessages = typeof errors;
