/**
 * What a site integration may call: dealer endpoints grouped by what they do. Each dealer operation belongs
 * to exactly one scope, named in its contract (lib/api/contracts). A website takes
 * deposit offers and card payments; money leaving the dealer (withdrawals, send-money) and the E-IBAN books
 * are given only on purpose.
 */
export const SITE_SCOPES = [
  "settings",
  "deposits",
  "card-payments",
  "withdrawals",
  "eibans",
  "send-money",
  "records",
] as const;

export type SiteScope = (typeof SITE_SCOPES)[number];

/** Given when none are named (console form's ticked boxes, CLI without --scopes). */
export const DEFAULT_SITE_SCOPES: SiteScope[] = ["settings", "deposits", "card-payments"];

export function isSiteScope(value: string): value is SiteScope {
  return (SITE_SCOPES as readonly string[]).includes(value);
}
