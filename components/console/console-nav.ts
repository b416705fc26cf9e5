import type { ConsoleRole } from "@/lib/generated/prisma/enums";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";

export type NavKey = keyof ConsoleMessages["nav"]["items"];
export type NavGroupKey = keyof ConsoleMessages["nav"]["groups"];

export type NavItem = { href: string; key: NavKey; roles: ConsoleRole[] };
export type NavGroup = { key: NavGroupKey; items: NavItem[] };

/**
 * The console's sections in the sidebar's four groups, each with the roles it is for: the one place a page's roles
 * are written. A section's pages guard themselves with `sectionRoles(key)` (its list, its detail pages and its
 * exports alike), so the sidebar and the guard cannot differ (console-sections.test.ts). Each later feature adds its
 * entry to a group (and its name to the dictionaries).
 */
export const CONSOLE_NAV_GROUPS = [
  {
    key: "operations",
    items: [
      { href: "/console", key: "overview", roles: ["ADMIN", "DEALER", "PROVIDER"] },
      { href: "/console/transactions", key: "transactions", roles: ["ADMIN", "DEALER", "PROVIDER"] },
      { href: "/console/approvals", key: "approvals", roles: ["ADMIN", "DEALER"] },
      { href: "/console/deliveries", key: "deliveries", roles: ["ADMIN", "DEALER", "PROVIDER"] },
      { href: "/console/blocked-customers", key: "blockedCustomers", roles: ["ADMIN", "PROVIDER"] },
    ],
  },
  {
    key: "money",
    items: [
      { href: "/console/card-payments", key: "cardPayments", roles: ["ADMIN", "DEALER", "PROVIDER"] },
      { href: "/console/eiban-wallets", key: "eibanWallets", roles: ["ADMIN", "DEALER"] },
      { href: "/console/bank-accounts", key: "bankAccounts", roles: ["ADMIN", "DEALER"] },
      { href: "/console/balances", key: "balances", roles: ["ADMIN", "DEALER", "PROVIDER"] },
      { href: "/console/statements", key: "statements", roles: ["ADMIN", "DEALER", "PROVIDER"] },
      { href: "/console/reconciliation", key: "reconciliation", roles: ["ADMIN", "DEALER"] },
    ],
  },
  {
    key: "partners",
    items: [
      { href: "/console/providers", key: "providers", roles: ["ADMIN", "PROVIDER"] },
      { href: "/console/dealers", key: "dealers", roles: ["ADMIN", "DEALER"] },
      { href: "/console/sites", key: "sites", roles: ["ADMIN", "DEALER", "PROVIDER"] },
      { href: "/console/gateways", key: "gateways", roles: ["ADMIN"] },
    ],
  },
  {
    key: "settings",
    items: [
      { href: "/console/users", key: "users", roles: ["ADMIN"] },
      { href: "/console/audit", key: "audit", roles: ["ADMIN"] },
      { href: "/console/security", key: "security", roles: ["ADMIN", "DEALER", "PROVIDER"] },
    ],
  },
] as const satisfies readonly { key: NavGroupKey; items: readonly Readonly<NavItem>[] }[];

/** A section of the sidebar, by its key. */
export type SectionKey = (typeof CONSOLE_NAV_GROUPS)[number]["items"][number]["key"];

/** Every section, in the sidebar's order. */
export const CONSOLE_NAV: NavItem[] = CONSOLE_NAV_GROUPS.flatMap((group) =>
  group.items.map((item) => ({ ...item, roles: [...item.roles] })),
);

/** The roles a section's pages are for, as its sidebar entry says: what each of its pages' guard is given. */
export function sectionRoles(key: SectionKey): ConsoleRole[] {
  return CONSOLE_NAV.find((item) => item.key === key)!.roles;
}

/** The groups a role sees, each with only its sections; a group left empty is dropped. */
export function navGroupsFor(role: ConsoleRole): NavGroup[] {
  return CONSOLE_NAV_GROUPS.map((group) => ({
    key: group.key,
    items: CONSOLE_NAV.filter((item) => item.roles.includes(role) && group.items.some((i) => i.key === item.key)),
  })).filter((group) => group.items.length > 0);
}
