import { withProvider } from "@/lib/edge/auth/with-provider";
import { jsonResponse } from "@/lib/edge/http/json-response";
import { listProviderSites } from "@/lib/domain/sites/list-provider-sites";

export const POST = withProvider({ signature: "verification-key" }, async ({ provider }) => jsonResponse(await listProviderSites(provider)));
