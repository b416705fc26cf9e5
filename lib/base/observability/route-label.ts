/**
 * The routes whose dynamic segment is a secret: a payment token (whoever holds it sees and pays the
 * payment, or posts its acquirer's outcome), the sandbox acquirer's session, a sandbox bank account's full
 * IBAN. `route-label.test.ts` fails when a route folder named like one of them ([token], [session], [iban])
 * is not listed here.
 */
export const SECRET_SEGMENT_ROUTES = [
  "/pay/[token]",
  "/api/pay/[token]",
  "/api/returns/card/[token]",
  "/api/webhooks/acquirer/[token]",
  "/sandbox/acquirer/pay/[session]",
  "/sandbox/bank/api/accounts/[iban]",
] as const;

const MASKS = SECRET_SEGMENT_ROUTES.map((route) => {
  const segments = route.split("/").slice(1);
  const at = segments.findIndex((s) => s.startsWith("["));
  return { prefix: segments.slice(0, at), mask: `:${segments[at]!.slice(1, -1)}` };
});

/**
 * The path as logged: no query string, and every segment that is a secret masked, also below the route
 * (`/pay/<token>/anything`) and whatever the method or status: `/api/returns/card/:token`.
 */
export function routeLabel(url: string | undefined): string {
  const path = (url ?? "/").split("?")[0]!.split("#")[0]!;
  const segments = path.split("/");
  for (const { prefix, mask } of MASKS) {
    if (segments.length > prefix.length + 1 && prefix.every((s, i) => segments[i + 1] === s)) {
      segments[prefix.length + 1] = mask;
      return segments.join("/");
    }
  }
  return path;
}
