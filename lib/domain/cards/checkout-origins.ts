import { prisma } from "@/lib/base/db/prisma";
import { dealerCardAcquirer } from "./dealer-acquirer";

/** Every http(s) origin among a configuration's values (URL settings: a gate, an API host). */
function configuredOrigins(config: unknown): string[] {
  const values = typeof config === "object" && config !== null ? Object.values(config) : [];
  return values.flatMap((v) =>
    typeof v === "string" && /^https?:\/\//i.test(v) && URL.canParse(v) ? [new URL(v).origin] : [],
  );
}

/**
 * Where "Pay by card" may send the customer's browser for a dealer: the origins of its configured
 * acquirer's checkout (the connector's `checkoutOrigins`, else its configuration's URLs), none without a
 * usable acquirer. The payment page's CSP form-action names these and no other acquirer's.
 */
export async function acquirerCheckoutOrigins(dealerId: number): Promise<string[]> {
  const acquirer = await dealerCardAcquirer(prisma, dealerId);
  if (!acquirer) return [];
  const origins = acquirer.connector.checkoutOrigins?.(acquirer.config) ?? configuredOrigins(acquirer.config);
  return [...new Set(origins)];
}
