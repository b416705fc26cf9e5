/**
 * What a site integration may call: dealer endpoints grouped by what they do. Each dealer operation belongs
 * to exactly one scope (a unit test keeps this table equal to the OpenAPI operation table). A website takes
 * deposit offers and card payments; money leaving the dealer (withdrawals, send-money) and the E-IBAN books
 * are given only on purpose.
 */
export const SITE_SCOPES = ["settings", "deposits", "card-payments", "withdrawals", "eibans", "send-money"] as const;

export type SiteScope = (typeof SITE_SCOPES)[number];

/** Given when none are named (console form's ticked boxes, CLI without --scopes). */
export const DEFAULT_SITE_SCOPES: SiteScope[] = ["settings", "deposits", "card-payments"];

/** "METHOD path" of every dealer endpoint and the scope it needs. */
export const SCOPE_OF_ENDPOINT: Record<string, SiteScope> = {
  "GET /api/dealer/settings": "settings",
  "POST /api/dealer/manual-iban/deposit": "deposits",
  "POST /api/dealer/credit-card/payment": "card-payments",
  "GET /api/dealer/credit-card/status": "card-payments",
  "POST /api/dealer/manual-iban/withdraw": "withdrawals",
  "GET /api/dealer/eibans": "eibans",
  "GET /api/dealer/transactions": "eibans",
  "POST /api/dealer/send-money": "send-money",
  "GET /api/dealer/transfer-status": "send-money",
};

/** The scope a dealer request needs, or null for a path outside the table (refused: nothing is open by default). */
export function scopeOfEndpoint(method: string, pathname: string): SiteScope | null {
  return SCOPE_OF_ENDPOINT[`${method.toUpperCase()} ${pathname}`] ?? null;
}

/** The endpoints of a scope, for messages and documentation. */
export function endpointsOfScope(scope: SiteScope): string[] {
  return Object.entries(SCOPE_OF_ENDPOINT)
    .filter(([, s]) => s === scope)
    .map(([endpoint]) => endpoint);
}

export function isSiteScope(value: string): value is SiteScope {
  return (SITE_SCOPES as readonly string[]).includes(value);
}
