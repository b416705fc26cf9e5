import { withGatewayWebhook } from "@/lib/edge/http/with-gateway-webhook";

/** Notifications for orders issued before notify URLs carried the gateway's id: found by current or former code. */
export const POST = withGatewayWebhook("code");
