/** The header: the sections, their page titles and the sign-in page. */
export const nav = {
  label: "Console",
  menu: "Menu",
  groups: {
    operations: "Operations",
    money: "Money",
    partners: "Partners",
    settings: "Settings",
  },
  search: {
    label: "Find a payment, customer or account",
    field: "Tracking code, order id, reference, name or IBAN",
    placeholder: "e.g. CC-8K2…, ORD-…, GW-…, Ayşe Kaya, TR33…",
    submit: "Find",
    hint:
      "An identifier (a tracking code, an order id, a gateway's or bank's reference) opens its payment; a part of " +
      "a code, a customer's name, username, user id, email or IBAN, or a dealer's, provider's or site's name lists " +
      "what matches, among what you can see.",
    shortcut: "Press / or Ctrl+K (⌘K on a Mac) on any console page to search.",
    spelling: "Turkish letters and case do not matter: ayse yilmaz finds Ayşe Yılmaz.",
  },
  items: {
    overview: "Overview",
    transactions: "Transactions",
    approvals: "Approvals",
    cardPayments: "Card payments",
    eibanWallets: "E-IBAN wallets",
    bankAccounts: "Bank accounts",
    balances: "Balances",
    statements: "Statements",
    reconciliation: "Reconciliation",
    providers: "Providers",
    dealers: "Dealers",
    sites: "Sites",
    blockedCustomers: "Blocked customers",
    gateways: "Gateways",
    users: "Users",
    deliveries: "Callbacks",
    audit: "Audit log",
    security: "Sign-in security",
  },
};

/** Browser tab titles; the root layout appends the service's name. */
/** The console's own not-found and no-access pages. */
export const missing = {
  notFoundTitle: "Page not found",
  notFoundBody: "There is no such page, or what it shows does not exist or is not in your accounts.",
  forbiddenTitle: "No access",
  forbiddenBody: (role: string) => `Your role (${role}) cannot open this page. If you need it, ask an admin.`,
  backToOverview: "Back to the overview",
  transactions: "Search the transactions",
};

export const titles = {
  transaction: "Transaction",
  provider: "Provider",
  dealer: "Dealer",
  users: "Console users",
  deliveries: "Callback deliveries",
  delivery: "Callback delivery",
  signIn: "Sign in",
  security: "Sign-in security",
};

export const login = {
  heading: "Console sign in",
  intro: "Admins, dealer staff and provider viewers.",
};

export type NavMessages = typeof nav;
export type TitleMessages = typeof titles;
export type LoginMessages = typeof login;
export type MissingMessages = typeof missing;
