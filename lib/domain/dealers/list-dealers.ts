import { prisma } from "@/lib/base/db/prisma";
import type { ConsoleUser } from "@/lib/domain/access/console-user";
import { dealerScope } from "@/lib/domain/access/management-scope";
import {
  enabledSwitches,
  SWITCH_SELECT,
  type DealerSwitch,
  type DealerSwitchColumns,
} from "@/lib/domain/payment-methods/dealer-switches";

/** The payment methods a dealer has switched on, in the words of the API and the CLI. */
export function dealerMethods(d: DealerSwitchColumns): DealerSwitch[] {
  return enabledSwitches(d);
}

/** Every dealer (or one) with its settings, for admins (the CLI); the secret never leaves the database. */
export async function listDealers(filter: { id?: number } = {}) {
  const rows = await prisma.dealer.findMany({ where: { id: filter.id }, orderBy: { id: "asc" } });
  return rows.map((d) => ({
    id: d.id,
    name: d.name,
    api_key: d.apiKey,
    is_active: d.isActive,
    methods: dealerMethods(d),
    welcome_message: d.welcomeMessage,
    credit_card_callback_url: d.creditCardCallbackUrl,
    ip_whitelist: d.ipWhitelist,
    previous_secret_valid_until: d.previousSecretValidTo?.toISOString() ?? null,
  }));
}

/**
 * The dealers a console user may see (all for admins, their own for staff), with their method switches and how many
 * sites each has.
 */
export function listDealersForConsole(user: ConsoleUser) {
  return prisma.dealer.findMany({
    where: dealerScope(user),
    orderBy: { id: "asc" },
    select: {
      id: true,
      name: true,
      apiKey: true,
      isActive: true,
      ...SWITCH_SELECT,
      _count: { select: { sites: true } },
    },
  });
}
