import { z } from "zod";
import { GATEWAY_SIGNATURE_HEADER } from "@/lib/gateways/third-party-gateway";
import { jsonResponse } from "@/lib/http/json-response";
import { validate } from "@/lib/schemas/validate";
import { openSandboxWithdrawal } from "@/lib/sandbox/gateways/sandbox-gateway-orders";
import { withSandboxGatewaySigned } from "@/lib/http/with-sandbox-signed";

const order = z.object({ gatewayCode: z.string(), clientRef: z.string(), amount: z.string().regex(/^\d+\.\d{2}$/), account: z.record(z.string(), z.string()), notifyUrl: z.url() });

export const POST = withSandboxGatewaySigned(GATEWAY_SIGNATURE_HEADER, async ({ body }) => jsonResponse(await openSandboxWithdrawal(validate(order, body))));
