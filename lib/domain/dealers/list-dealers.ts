import { prisma } from "@/lib/base/db/prisma";
import { enabledSwitches, type DealerSwitch, type DealerSwitchColumns } from "@/lib/domain/payment-methods/dealer-switches";

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
