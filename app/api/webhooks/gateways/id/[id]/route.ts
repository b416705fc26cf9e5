import { withGatewayWebhook } from "@/lib/edge/http/with-gateway-webhook";

/**
 * One third-party gateway's notifications, by its immutable id (its own connector and secret); repeats change nothing.
 */
export const POST = withGatewayWebhook("id");
