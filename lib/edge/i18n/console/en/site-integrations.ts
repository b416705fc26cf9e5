import type { SiteScope } from "@/lib/domain/schemas/site-scopes";

/** The dealer page's Site integrations panel, and the transaction page's line naming one. */
export const siteIntegrations = {
  heading: "Site integrations",
  description:
    "Each of the dealer's websites can call the dealer API with a site token and a secret key of its own instead of " +
    "the dealer's API key, limited to the scopes given here. The token and the secret are shown once, when issued; " +
    "revoking stops the token at once.",
  new: "New site integration",
  name: "Website name",
  issue: "Issue site integration",
  none: "No site integrations yet.",
  region: (name: string) => `Site integration ${name}`,
  scopes: "Scopes: the dealer endpoints it may call",
  scope: {
    settings: "Settings (settings)",
    deposits: "Deposit offers (manual-iban/deposit)",
    "card-payments": "Card payments (credit-card/payment and status)",
    withdrawals: "Withdrawal requests (manual-iban/withdraw)",
    eibans: "E-IBAN wallets and history (eibans, transactions)",
    "send-money": "Send money (send-money, transfer-status)",
    records:
      "Records: transaction status and list, callbacks and their resend (transaction/status, transaction/list, " +
      "callbacks)",
  } satisfies Record<SiteScope, string>,
  ips: "Allowed IPs and CIDR ranges of the website's servers, one per line",
  ipsHint: (max: number) =>
    `At most ${max}. Empty: any IP, but send-money and manual-iban/withdraw are refused. The dealer's own whitelist ` +
    `does not apply to site integrations.`,
  origins: "Website origins",
  originsLines: "Website origins, one per line",
  originsHint:
    "Like https://shop.example. A browser request must come from one of them, and they may frame the payment pages " +
    "of this integration's payments.",
  siteToken: "Site token",
  status: "Status",
  active: "active",
  inactive: "inactive (refused with 403)",
  revokedAt: (time: string) => `revoked ${time}`,
  issuedAt: "Issued",
  lastUsed: "Last used",
  never: "never",
  anyIp: "any IP (send-money and manual-iban/withdraw refused)",
  noOrigins: "none (browser requests refused)",
  change: "Change name, scopes, IPs or origins",
  activeField: "Active (an inactive integration is refused with 403)",
  revoke: "Revoke",
  confirmRevoke: "Revoke this site integration? Its token stops working at once, and this cannot be undone.",
  created: (name: string) =>
    `Site integration "${name}" issued. Give the site token and the secret key to the website's developers over a ` +
    `secure channel: they are not shown again.`,
  revoked: "Revoked. The site token no longer works.",
  staffOnly: "Only admins and the dealer's staff manage site integrations.",
  unknown: "Unknown site integration: reload the page.",
  transactionField: "Site integration",
  transactionValue: (name: string, id: string) => `${name} (#${id})`,
};

export type SiteIntegrationMessages = typeof siteIntegrations;
