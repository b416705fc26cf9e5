/** Bank accounts, E-IBAN wallets, blocked customers, console users and third-party gateways. */
export const bankAccounts = {
  heading: "Bank accounts",
  add: "Add a bank account",
  addDescription:
    "Manual bank deposits are offered the least recently used active account whose limits fit the amount.",
  addSubmit: "Add account",
  none: "No bank accounts yet.",
  region: (id: number) => `Bank account ${id}`,
  lastOffered: (time: string) => `last offered ${time}`,
  lastOfferedLabel: "Last offered",
  limits: "Deposit limits",
  minAmount: "Min amount (TL)",
  maxAmount: "Max amount (TL)",
  staffOnly: "Only admins and dealer staff manage bank accounts.",
  added: (id: number) => `Bank account #${id} added; it is offered for deposits within its limits.`,
  unknown: "Unknown bank account: reload the page.",
  savedInactive: "Saved. The account is inactive: it is no longer offered for deposits.",
};

export const eibanWallets = {
  heading: "E-IBAN wallets",
  reconcile: "Reconcile with the bank now",
  askingBank: "Asking the bank…",
  wallet: "Wallet",
  balance: "Balance",
  available: "Available",
  bankBalance: "Bank's balance",
  checked: "Checked",
  reconciliation: "Reconciliation",
  none: "No E-IBAN wallets yet.",
  notChecked: "not checked",
  matches: "matches",
  mismatch: "Mismatch: differs from the bank",
  stale: "Bank figure is older than the last movement",
  staleHint: "The ledger moved after the bank's balance was read; reconcile to compare again.",
  figureAge: (age: string) => `${age} ago`,
  mismatchHint: "The bank's balance was read after the last movement and still differs: look into it.",
  add: "Add a wallet",
  addDescription:
    "Admins only. The balance is read from the bank; the wallet joins the E-IBAN deposit rotation at once. One " +
    "IBAN, one wallet.",
  addSubmit: "Add wallet",
  manage: "Manage wallets",
  region: (walletId: string) => `Wallet ${walletId}`,
  roleCannotReconcile: "Your role cannot reconcile wallets.",
  differ: (count: number, total: number, ids: string) => `${count} of ${total} wallets differ from the bank: ${ids}.`,
  allMatch: (total: number) => `All ${total} wallets match the bank.`,
  staffOnly: "Only admins and dealer staff manage E-IBAN wallets.",
  added: (walletId: string, balance: string) =>
    `Wallet ${walletId} added with the bank's balance of ${balance}; it joins the E-IBAN deposit rotation.`,
  adminsOnly: "Only admins add E-IBAN wallets.",
  unknown: "Unknown wallet: reload the page.",
  savedInactive: "Saved. The wallet is inactive: it is no longer offered for deposits.",
  connector: "Bank connector",
  sandboxConnector: "none: the sandbox bank",
  config: "Connector configuration (JSON)",
  configHint:
    "Checked against the connector's settings before the wallet is saved; secrets are sealed and never shown again.",
  configNotJson: "The connector configuration must be a JSON object.",
  testConnection: "Test connection",
  testing: "Testing…",
  connectionOk: (message: string) => `Connection works: ${message}`,
  theBank: "the wallet's bank",
  connectionFailed: (message: string) => `Connection failed: ${message}`,
  connectorOf: (name: string) => `connector ${name}`,
};

export const blockedCustomers = {
  heading: "Blocked customers",
  block: "Block a customer",
  blockDescription: "A blocked customer's deposits, withdrawals and card payments are refused for that provider.",
  blockSubmit: "Block customer",
  userId: "Customer user id",
  blocked: "Blocked",
  none: "No customers are blocked.",
  unblock: "Unblock",
  adminsOnly: "Only admins block or unblock customers.",
  chooseProvider: "Choose a provider.",
  blockedNow: (userId: string) => `Customer ${userId} is blocked: their new payments are refused.`,
  unknown: "Unknown block: reload the page.",
  unblocked: (userId: string) => `Customer ${userId} may pay again.`,
};

export const users = {
  heading: "Console users",
  new: "New user",
  newDescription: "Dealer staff see and manage only their dealer; provider viewers only read their provider's data.",
  create: "Create user",
  passwordRule: "Password (at least 10 characters)",
  role: "Role",
  dealerFor: "Dealer (dealer staff)",
  providerFor: "Provider (provider viewers)",
  tenant: "Tenant",
  lastSignIn: "Last sign-in",
  access: "Access",
  password: "Password",
  all: "All",
  deactivated: "Deactivated",
  you: "You",
  deactivate: "Deactivate",
  activate: "Activate",
  setPassword: "Set",
  newPasswordFor: (email: string) => `New password for ${email}`,
  adminsOnly: "Only admins manage console users.",
  unknown: "Unknown user: reload the page.",
  chooseRole: "Choose a role.",
  chooseDealer: "Choose the dealer this user works for.",
  chooseProvider: "Choose the provider this user may view.",
  created: (email: string) => `${email} can sign in now.`,
  reactivated: (email: string) => `${email} can sign in again.`,
  deactivatedNow: (email: string) => `${email} is signed out and cannot sign in.`,
  passwordSet: (email: string) => `New password set for ${email}.`,
};

export const gateways = {
  heading: "Third-party gateways",
  new: "New gateway",
  create: "Create gateway",
  code: "Code",
  requiredFields: "Required fields",
  cryptoTypes: "Crypto types",
  adminsOnly: "Only admins manage gateways.",
  saved: (name: string) => `${name} saved.`,
  webhookSecret: "Webhook secret",
  secretIntro:
    "Each gateway signs its notifications (and checks our orders) with a secret of its own. Give it to the gateway " +
    "partner; it is shown once.",
  rotateSecret: "Issue a new webhook secret",
  confirmRotateSecret:
    "Issue a new webhook secret? Without a grace period the gateway's current secret stops working at once: its " +
    "notifications are refused until it uses the new one.",
  secretIssued: (name: string) => `New webhook secret for ${name} issued; hand it to the gateway partner now.`,
  notifyUrl: (url: string) => `Notifications go to ${url}`,
  connector: "Connector",
  config: "Connector configuration (JSON)",
  configHint:
    "Secrets are write-only: shown masked (••••), kept when left masked or left out, unless an address (a URL) " +
    "changes: then type them again.",
  configNotJson: "The connector configuration must be a JSON object.",
  testConnection: "Test connection",
  testing: "Testing…",
  connectionOk: (message: string) => `Connection works: ${message}`,
  connectionFailed: (message: string) => `Connection failed: ${message}`,
  grace: "Old secret keeps working for",
  list: "Gateways",
  open: (name: string) => `Open ${name}`,
  back: "← All gateways",
  limits: "Limits",
  state: "State",
  moreActions: "More actions",
  moreActionsHint: "Actions that break the gateway's current setup: each asks before it runs.",
  cryptoOnly: "Crypto types (crypto gateways only)",
  descriptionEn: "Description for customers (English)",
  descriptionTr: "Description for customers (Turkish)",
  newHint: "The method decides which fields apply: crypto types only for crypto gateways.",
};

export type BankAccountMessages = typeof bankAccounts;
export type EibanWalletMessages = typeof eibanWallets;
export type BlockedCustomerMessages = typeof blockedCustomers;
export type UserMessages = typeof users;
export type GatewayMessages = typeof gateways;
