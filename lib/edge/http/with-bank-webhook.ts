import { logger } from "@/lib/base/observability/logger";
import { receiveBankNotification } from "@/lib/domain/eiban/receive-bank-notification";
import { ApiError } from "./api-error";
import { jsonResponse } from "./json-response";
import { readBodyText } from "./read-body";
import { withApiErrors } from "./with-api-errors";

/**
 * Route wrapper for the E-IBAN bank's notifications: the body is read up to 64 KiB (413 beyond) and handed,
 * with the path it was sent to (what a version 2 signature covers), to receiveBankNotification, which
 * verifies it with the wallets' bank secrets, else the sandbox bank's shared secret, and books its line
 * only onto what the verifying secret may book. Answers `{success: true, status, booked}`; a message nothing
 * verifies (or a replay, or one outside its time window) is 401 and changes nothing; a signed message that
 * is not in the protocol's shape is 422.
 */
export function withBankWebhook() {
  return withApiErrors(async (req) => {
    const raw = await readBodyText(req);
    const url = new URL(req.url);
    const headers = Object.fromEntries([...req.headers.entries()].map(([k, v]) => [k.toLowerCase(), v]));
    const result = await receiveBankNotification({
      method: req.method,
      path: url.pathname + url.search,
      headers,
      rawBody: raw,
      form: null,
      query: Object.fromEntries(url.searchParams),
    });
    if (result.verified) {
      if (result.ack.contentType.includes("json"))
        return jsonResponse(
          { ...(JSON.parse(result.ack.body) as object), success: true, status: result.status, booked: result.booked },
          result.ack.status,
        );
      return new Response(result.ack.body, {
        status: result.ack.status,
        headers: { "content-type": result.ack.contentType },
      });
    }
    logger.warn({ reason: result.reason }, "bank notification not verified: ignored");
    if (result.ack?.status === 422)
      throw ApiError.plain(
        422,
        "Invalid notification",
        "The notification is signed but not in the bank protocol's shape.",
      );
    throw ApiError.plain(
      401,
      "Invalid signature",
      "The notification is not signed with a wallet's bank secret or the sandbox bank's shared secret, is outside " +
        "its time window, or was seen before.",
    );
  });
}
