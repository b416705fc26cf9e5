import { withProvider } from "@/lib/edge/auth/with-provider";
import { jsonResponse } from "@/lib/edge/http/json-response";
import { welcomeProvider } from "@/lib/domain/providers/welcome-provider";

export const POST = withProvider({ signature: "timestamp" }, async ({ provider }) => jsonResponse(await welcomeProvider(provider)));
