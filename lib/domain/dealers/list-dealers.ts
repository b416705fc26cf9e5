import { prisma } from "@/lib/base/db/prisma";
import type { DEALER_METHODS } from "@/lib/domain/schemas/dealer";

type Method = (typeof DEALER_METHODS)[number];

/** The payment methods a dealer has switched on, in the words of the API and the CLI. */
export function dealerMethods(d: { creditCardEnabled: boolean; eibanEnabled: boolean; manualIbanEnabled: boolean }): Method[] {
  const methods: Method[] = [];
  if (d.creditCardEnabled) methods.push("credit_card");
  if (d.eibanEnabled) methods.push("eiban");
  if (d.manualIbanEnabled) methods.push("manual_iban");
  return methods;
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
