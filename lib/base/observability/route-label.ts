/** The path as logged: no query string, and the secret parts of URLs (payment tokens) masked. */
export function routeLabel(url: string | undefined): string {
  const path = (url ?? "/").split("?")[0]!;
  return path
    .replace(/^\/pay\/[^/]+/, "/pay/:token")
    .replace(/^\/api\/pay\/[^/]+/, "/api/pay/:token")
    .replace(/^\/sandbox\/acquirer\/pay\/[^/]+/, "/sandbox/acquirer/pay/:session");
}
