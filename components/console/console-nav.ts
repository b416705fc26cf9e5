import type { ConsoleRole } from "@/lib/generated/prisma/enums";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";

export type NavKey = keyof ConsoleMessages["nav"]["items"];

export type NavItem = { href: string; key: NavKey; roles: ConsoleRole[] };

/** The console's sections; each later feature adds its entry here (and its name to the dictionaries) and guards its page on the server. */
export const CONSOLE_NAV: NavItem[] = [
  { href: "/console", key: "overview", roles: ["ADMIN", "DEALER", "PROVIDER"] },
  { href: "/console/transactions", key: "transactions", roles: ["ADMIN", "DEALER", "PROVIDER"] },
  { href: "/console/approvals", key: "approvals", roles: ["ADMIN", "DEALER"] },
  { href: "/console/card-payments", key: "cardPayments", roles: ["ADMIN", "DEALER", "PROVIDER"] },
  { href: "/console/eiban-wallets", key: "eibanWallets", roles: ["ADMIN", "DEALER"] },
  { href: "/console/bank-accounts", key: "bankAccounts", roles: ["ADMIN", "DEALER"] },
  { href: "/console/providers", key: "providers", roles: ["ADMIN", "PROVIDER"] },
  { href: "/console/dealers", key: "dealers", roles: ["ADMIN", "DEALER"] },
  { href: "/console/sites", key: "sites", roles: ["ADMIN", "DEALER", "PROVIDER"] },
  { href: "/console/blocked-customers", key: "blockedCustomers", roles: ["ADMIN", "PROVIDER"] },
  { href: "/console/gateways", key: "gateways", roles: ["ADMIN"] },
  { href: "/console/users", key: "users", roles: ["ADMIN"] },
  { href: "/console/deliveries", key: "deliveries", roles: ["ADMIN", "DEALER", "PROVIDER"] },
  { href: "/console/audit", key: "audit", roles: ["ADMIN"] },
  { href: "/console/security", key: "security", roles: ["ADMIN", "DEALER", "PROVIDER"] },
];

export function navFor(role: ConsoleRole): NavItem[] {
  return CONSOLE_NAV.filter((item) => item.roles.includes(role));
}
