import { presentSites } from "@/lib/api/presenters/connection";
import { CONTRACTS } from "@/lib/api/contracts";
import { listProviderSites } from "@/lib/domain/sites/list-provider-sites";
import { withProvider } from "@/lib/edge/auth/with-provider";
import { jsonResponse } from "@/lib/edge/http/json-response";

export const POST = withProvider(CONTRACTS.listSites, async ({ provider }) =>
  jsonResponse(presentSites(await listProviderSites(provider))),
);
