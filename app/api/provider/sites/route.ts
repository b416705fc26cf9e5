import { withProvider } from "@/lib/auth/with-provider";
import { jsonResponse } from "@/lib/http/json-response";
import { listProviderSites } from "@/lib/sites/list-provider-sites";

export const POST = withProvider({ signature: "verification-key" }, async ({ provider }) => jsonResponse(await listProviderSites(provider)));
