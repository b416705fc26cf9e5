import { ApiError } from "@/lib/edge/http/api-error";
import { jsonResponse } from "@/lib/edge/http/json-response";
import { readBodyText } from "@/lib/edge/http/read-body";
import { withApiErrors } from "@/lib/edge/http/with-api-errors";
import { logger } from "@/lib/base/observability/logger";
import { gatewayOfNotifyPath, receiveGatewayNotification } from "@/lib/domain/third-party/receive-gateway-notification";

function formOf(raw: string, contentType: string): Record<string, string> | null {
  return contentType.includes("application/x-www-form-urlencoded")
    ? Object.fromEntries(new URLSearchParams(raw))
    : null;
}

/**
 * Route wrapper for a third-party gateway's notifications at /api/webhooks/gateways/id/<id> (and, for
 * orders issued before, /api/webhooks/gateways/<code>): the body is read up to 64 KiB (413 beyond), the
 * gateway's connector verifies it with that gateway's own configuration (a bad signature, a replayed nonce or
 * a version 2 timestamp outside its window is 401 and changes nothing; the path called is what version 2 signs), and
 * the outcome goes through the lifecycle; the answer is the connector's acknowledgement.
 */
export function withGatewayWebhook(by: "id" | "code") {
  return withApiErrors(async (req, { params }) => {
    const raw = await readBodyText(req);
    const value = typeof params[by] === "string" ? decodeURIComponent(params[by]) : "";
    const gateway = await gatewayOfNotifyPath(by, value);
    const url = new URL(req.url);
    const headers = Object.fromEntries([...req.headers.entries()].map(([k, v]) => [k.toLowerCase(), v]));
    const result = gateway
      ? await receiveGatewayNotification(gateway, {
          method: req.method,
          path: url.pathname + url.search,
          headers,
          rawBody: raw,
          form: formOf(raw, headers["content-type"] ?? ""),
          query: Object.fromEntries(url.searchParams),
        })
      : { verified: false as const, reason: "unknown gateway", ack: undefined };
    if (!result.verified) {
      logger.warn(
        { gateway: gateway?.code ?? value, reason: result.reason },
        "gateway notification not verified: ignored",
      );
      const ack = result.ack;
      // The connector's own answer where it has one to give: a 200 tells a partner that repeats until it gets one
      // (Papara, for 24 hours) that nothing a repeat could change is left; a 503 asks it to send again later.
      if (ack && ack.status >= 200 && ack.status < 300)
        return new Response(ack.body, { status: ack.status, headers: { "content-type": ack.contentType } });
      if (ack?.status === 503)
        throw new ApiError(
          503,
          {
            success: false,
            error: "Service unavailable",
            message: "The partner could not be asked to confirm the notification now; send it again later.",
          },
          { "retry-after": "60" },
        );
      if (result.ack?.status === 422)
        throw ApiError.plain(
          422,
          "Invalid notification",
          "The notification is signed but not in the partner protocol's shape.",
        );
      throw ApiError.plain(
        401,
        "Invalid signature",
        "The notification is not signed with this gateway's secret, is outside its time window, or was seen before.",
      );
    }
    if (result.ack.contentType.includes("json"))
      return jsonResponse(
        { ...(JSON.parse(result.ack.body) as object), success: true, status: result.status },
        result.ack.status,
      );
    return new Response(result.ack.body, {
      status: result.ack.status,
      headers: { "content-type": result.ack.contentType },
    });
  });
}
