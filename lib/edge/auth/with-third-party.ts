import { notFound } from "next/navigation";
import { THIRD_PARTY_CONTRACTS, type ThirdPartyEndpoint } from "@/lib/api/contracts";
import type { ThirdPartyKind } from "@/lib/domain/payment-methods";
import { withProvider } from "./with-provider";

type Contracts<E extends ThirdPartyEndpoint> = (typeof THIRD_PARTY_CONTRACTS)[ThirdPartyKind][E];
type RouteContext = { params: Promise<Record<string, string | string[]>> };
type Handler<E extends ThirdPartyEndpoint> = Parameters<typeof withProvider<Contracts<E>>>[1];
type KindHandler<E extends ThirdPartyEndpoint> = (
  ctx: Parameters<Handler<E>>[0] & { kind: ThirdPartyKind },
) => Promise<Response>;

/**
 * One route module for the same endpoint of every third-party kind (the [kind] segment): each kind is
 * wrapped with its own contract (its body and response schemas); a kind without contracts is not a route.
 */
export function withThirdParty<E extends ThirdPartyEndpoint>(endpoint: E, handler: KindHandler<E>) {
  const routes = Object.fromEntries(
    (Object.keys(THIRD_PARTY_CONTRACTS) as ThirdPartyKind[]).map((kind) => [
      kind,
      withProvider(THIRD_PARTY_CONTRACTS[kind][endpoint] as Contracts<E>, (ctx) => handler({ ...ctx, kind })),
    ]),
  ) as Record<string, (req: Request, route: RouteContext) => Promise<Response>>;
  return async (req: Request, route: RouteContext): Promise<Response> => {
    const { kind } = await route.params;
    const served = typeof kind === "string" && Object.hasOwn(routes, kind) ? routes[kind] : undefined;
    if (!served) notFound();
    return served(req, route);
  };
}
