import { withProvider } from "@/lib/auth/with-provider";
import { jsonResponse } from "@/lib/http/json-response";
import { welcomeProvider } from "@/lib/providers/welcome-provider";

export const POST = withProvider({ signature: "timestamp" }, async ({ provider }) => jsonResponse(await welcomeProvider(provider)));
