import { GATEWAY_SIGNATURE_HEADER } from "@/lib/integrations/gateways/third-party-gateway";
import { jsonResponse } from "@/lib/edge/http/json-response";
import { validate } from "@/lib/domain/schemas/validate";
import {
  listSandboxGatewayTransactions,
  transactionsRequest,
} from "@/lib/integrations/sandbox/gateways/sandbox-gateway-transactions";
import { withSandboxGatewaySigned } from "@/lib/edge/http/with-sandbox-signed";

/** A sandbox gateway's transactions of a period, for reconciliation (docs/partner-protocol.md), signed. */
export const POST = withSandboxGatewaySigned(GATEWAY_SIGNATURE_HEADER, async ({ body }) =>
  jsonResponse(await listSandboxGatewayTransactions(validate(transactionsRequest, body))),
);
