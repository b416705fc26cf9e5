import { withProvider } from "@/lib/edge/auth/with-provider";
import { jsonResponse } from "@/lib/edge/http/json-response";
import { listGateways } from "@/lib/domain/third-party/list-gateways";

export const GET = withProvider({ signature: "timestamp" }, async () => jsonResponse(await listGateways("bank")));
