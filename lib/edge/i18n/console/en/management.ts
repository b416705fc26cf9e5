/** Keys and whitelists, shared by providers and dealers; then providers, dealers and sites. */
export const keys = {
  heading: "Keys",
  apiKey: "API key",
  secretKey: "Secret key",
  verificationKey: "Verification key",
  credentialKey: "Credential key",
  previousSecret: "Previous secret",
  stillVerifies: (time: string) => `still verifies until ${time}`,
  noneInUse: "none in use",
  issueSecret: "Issue new secret",
  confirmRotation: "Issue a new secret? Requests signed with the current one stop working when the grace period ends.",
  graceLabel: "Old secret keeps working for",
  newSecretUntil: (time: string) => `New secret issued. The old secret keeps working until ${time}.`,
  newSecretNow: "New secret issued. The old secret no longer works.",
  ipWhitelist: "IP whitelist",
  saveWhitelist: "Save whitelist",
  whitelistLabel: "Allowed IPs and CIDR ranges, one per line",
  whitelistHint: (max: number, emptyMeans: string) =>
    `IPv4 or IPv6 addresses and CIDR ranges, at most ${max}. ${emptyMeans}`,
  entries: (count: number) => `${count} ${count === 1 ? "entry" : "entries"}`,
  savedEntries: (count: number) => `Saved ${count} ${count === 1 ? "entry" : "entries"}.`,
  depositUrl: "Deposit callback URL",
  withdrawalUrl: "Withdrawal callback URL",
  cardUrl: "Card callback URL",
  settings: "Settings",
  saveSettings: "Save settings",
  apiSecurity: "API security",
  apiSecurityDescription:
    "With signed bodies required, every request must carry X-Signature (an HMAC of the timestamp, method, path and " +
    "body with the secret key, see the integration guide); others are refused with 401. Creates above the maximum " +
    "are refused with 422.",
  requireSignedBodies: "Require signed bodies (X-Signature)",
  maxTransaction: "Maximum per transaction (TRY)",
  signedBodies: "Signed bodies (X-Signature)",
  signedBodiesRequired: "required",
  signedBodiesOptional: "optional",
};

export const providers = {
  heading: "Providers",
  new: "New provider",
  newDescription: "The API key, secret key and verification key are shown once, right after creation.",
  create: "Create provider",
  ipWhitelistLines: "IP whitelist, one per line",
  sites: "Sites",
  none: "No providers yet.",
  emptyWhitelist: "empty (every IP refused)",
  back: "← All providers",
  number: (id: number) => `Provider #${id}`,
  sitesCount: (count: number) => `Sites (${count})`,
  noSites: "No sites yet.",
  createOnSitesPage: "Create one on the Sites page.",
  keysDescription: "Secrets are shown once, when issued. Afterwards only their last four characters are visible.",
  issueVerificationKey: "Issue new verification key",
  profile: "Profile and callback URLs",
  profileDescription: "Blank URLs are cleared; callbacks to a missing URL fail and are retried on the schedule.",
  saveProfile: "Save profile",
  activeRefused: "Active (inactive providers are refused with 403)",
  whitelistDescription: "Requests from any other address are refused with 403.",
  emptyWhitelistMeans: "An empty list refuses every request.",
  limits: "Limits and embedding",
  rateLimit: (defaultLimit: number) => `Requests per minute (default ${defaultLimit})`,
  rateLimitShort: "Requests per minute",
  rateLimitDefault: (defaultLimit: number) => `${defaultLimit} (default)`,
  embedOrigins: "Origins that may frame payment pages",
  readOnly: "Read-only. Ask an administrator to change these or to issue new keys.",
  secretAndVerification: "Secret and verification key",
  hiddenKeys: "Hidden: they were shown once, when issued.",
  whitelistRefusesAll: "empty: every request is refused",
  adminsOnly: "Only admins manage providers.",
  adminsOnlyChange: "Only admins change providers.",
  adminsOnlySettings: "Only admins change provider settings.",
  unknown: "Unknown provider: reload the page.",
  created: (id: number) => `Provider #${id} created. Give these keys to the provider over a secure channel.`,
  savedInactive: "Saved. The provider is inactive: its requests are refused (403).",
  savedEmptyWhitelist: "Saved. The whitelist is empty: every request is refused.",
  newVerificationKey: "New verification key issued. The old one no longer works.",
};

export const dealers = {
  heading: "Dealers",
  new: "New dealer",
  newDescription: "The API key and secret key are shown once, right after creation.",
  create: "Create dealer",
  welcomeMessage: "Welcome message",
  ipWhitelistLines: "IP whitelist, one per line (empty: any IP, but no send-money or manual-iban/withdraw)",
  paymentMethods: "Payment methods",
  sites: "Sites",
  none: "No dealers yet.",
  back: "← All dealers",
  number: (id: number) => `Dealer #${id}`,
  siteCount: (count: number) => `${count} ${count === 1 ? "site" : "sites"}`,
  bankAccountCount: (count: number) => `${count} ${count === 1 ? "bank account" : "bank accounts"}`,
  walletCount: (count: number) => `${count} ${count === 1 ? "E-IBAN wallet" : "E-IBAN wallets"}`,
  keysDescription: "The secret is shown once, when issued. Afterwards only its last four characters are visible.",
  activeRefused: "Active (inactive dealers are refused with 403)",
  whitelistDescription: "Dealer API requests from any other address are refused with 403.",
  emptyWhitelistMeans:
    "An empty list lets any IP call the dealer API, except send-money and manual-iban/withdraw, which are refused.",
  moneyNeedsWhitelist:
    "No IP whitelist: send-money and manual-iban/withdraw are refused with 403 until the dealer's server addresses " +
    "are listed here, because the API's hash does not cover the method, path or body and captured headers could be " +
    "replayed on them.",
  readOnly: "Read-only. Ask an administrator to change these or to issue a new secret.",
  hiddenSecret: "Hidden: it was shown once, when issued.",
  whitelistAnyIp:
    "empty: any IP may call the dealer API, but send-money and manual-iban/withdraw are refused until an " +
    "administrator sets one (Dealers > this dealer > IP whitelist)",
  adminsOnly: "Only admins change dealers.",
  unknown: "Unknown dealer: reload the page.",
  created: (id: number) => `Dealer #${id} created. Give these keys to the dealer over a secure channel.`,
  savedEmptyWhitelist:
    "Saved. The whitelist is empty: the dealer API accepts any IP, but refuses send-money and manual-iban/withdraw.",
};

export const sites = {
  heading: "Sites",
  new: "New site",
  newDescription: "The credential key is shown once, right after creation.",
  create: "Create site",
  none: "No sites yet.",
  credentialKeyLower: "credential key",
  dealerTakesNew: "Dealer (takes new payments)",
  returnUrl: "Return URL",
  returnUrlHint:
    "Where the payment page's final screen and a cancel send the customer back to (the site's page), with ?status= " +
    "and &tracking_code=. Required.",
  legalName: "Legal name",
  logoUrl: "Logo URL",
  pageHint:
    'What the payment page shows: the company behind the site ("Operated by …") and its logo (an https image address).',
  gateways: "Gateways offered",
  gatewaysHint:
    "The third-party gateways this site's customers may choose on deposit pages; none ticked: none is offered.",
  noGateways: "No gateways yet: add them on the Gateways page.",
  saveGateways: "Save gateways",
  issueCredentialKey: "Issue new credential key",
  adminsOnly: "Only admins manage sites.",
  unknown: "Unknown site: reload the page.",
  chooseBoth: "Choose a provider and a dealer.",
  created: (id: number) => `Site #${id} created. Give its credential key to the provider over a secure channel.`,
  newCredentialKey: "New credential key issued. The old one no longer works.",
};

export type KeyMessages = typeof keys;
export type ProviderMessages = typeof providers;
export type DealerMessages = typeof dealers;
export type SiteMessages = typeof sites;
