import type { ConsoleRole } from "@/lib/generated/prisma/enums";

export type NavItem = { href: string; label: string; roles: ConsoleRole[] };

/** The console's sections; each later feature adds its entry here and guards its page on the server. */
export const CONSOLE_NAV: NavItem[] = [
  { href: "/console", label: "Overview", roles: ["ADMIN", "DEALER", "PROVIDER"] },
  { href: "/console/transactions", label: "Transactions", roles: ["ADMIN", "DEALER", "PROVIDER"] },
  { href: "/console/approvals", label: "Approvals", roles: ["ADMIN", "DEALER"] },
  { href: "/console/card-payments", label: "Card payments", roles: ["ADMIN", "DEALER", "PROVIDER"] },
  { href: "/console/eiban-wallets", label: "E-IBAN wallets", roles: ["ADMIN", "DEALER"] },
  { href: "/console/bank-accounts", label: "Bank accounts", roles: ["ADMIN", "DEALER"] },
  { href: "/console/providers", label: "Providers", roles: ["ADMIN", "PROVIDER"] },
  { href: "/console/dealers", label: "Dealers", roles: ["ADMIN", "DEALER"] },
  { href: "/console/sites", label: "Sites", roles: ["ADMIN", "DEALER", "PROVIDER"] },
  { href: "/console/blocked-customers", label: "Blocked customers", roles: ["ADMIN", "PROVIDER"] },
  { href: "/console/gateways", label: "Gateways", roles: ["ADMIN"] },
  { href: "/console/users", label: "Users", roles: ["ADMIN"] },
  { href: "/console/deliveries", label: "Callbacks", roles: ["ADMIN", "DEALER", "PROVIDER"] },
  { href: "/console/audit", label: "Audit log", roles: ["ADMIN"] },
];

export function navFor(role: ConsoleRole): NavItem[] {
  return CONSOLE_NAV.filter((item) => item.roles.includes(role));
}
