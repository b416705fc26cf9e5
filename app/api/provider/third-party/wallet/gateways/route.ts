import { withProvider } from "@/lib/auth/with-provider";
import { jsonResponse } from "@/lib/http/json-response";
import { listGateways } from "@/lib/third-party/list-gateways";

export const GET = withProvider({ signature: "timestamp" }, async () => jsonResponse(await listGateways("wallet")));
