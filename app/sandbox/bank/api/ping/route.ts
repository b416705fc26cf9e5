import { jsonResponse } from "@/lib/edge/http/json-response";
import { withSandboxBank } from "@/lib/edge/http/with-sandbox-bank";

/** The cheapest signed call (the console's "test connection"). */
export const POST = withSandboxBank(async () => jsonResponse({ success: true }));
