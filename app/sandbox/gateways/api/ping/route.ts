import { GATEWAY_SIGNATURE_HEADER } from "@/lib/integrations/gateways/third-party-gateway";
import { jsonResponse } from "@/lib/edge/http/json-response";
import { withSandboxGatewaySigned } from "@/lib/edge/http/with-sandbox-signed";

/** The cheapest signed call: a merchant whose signature verifies is answered 200 (the console's "test connection"). */
export const POST = withSandboxGatewaySigned(GATEWAY_SIGNATURE_HEADER, async () => jsonResponse({ success: true }));
