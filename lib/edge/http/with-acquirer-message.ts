import { settings } from "@/lib/base/config/settings";
import { receiveAcquirerMessage, receiveDealerAcquirerNotification } from "@/lib/domain/cards/receive-acquirer-message";
import type { IncomingMessage, PartnerAck } from "@/lib/integrations/connectors/ports";
import { jsonResponse } from "./json-response";
import { readBodyText } from "./read-body";
import { withApiErrors } from "./with-api-errors";

/** A partner's request as received (body read up to 64 KiB, 413 beyond): connectors verify over the exact bytes. */
async function incomingMessage(req: Request): Promise<IncomingMessage> {
  const rawBody = req.method === "GET" || req.method === "HEAD" ? "" : await readBodyText(req);
  const headers: Record<string, string> = {};
  req.headers.forEach((value, name) => (headers[name.toLowerCase()] = value));
  const form = (headers["content-type"] ?? "").includes("application/x-www-form-urlencoded")
    ? Object.fromEntries(new URLSearchParams(rawBody))
    : null;
  return { method: req.method, headers, rawBody, form, query: Object.fromEntries(new URL(req.url).searchParams) };
}

function ackResponse(ack: PartnerAck): Response {
  return new Response(ack.body, {
    status: ack.status,
    headers: { "content-type": ack.contentType, "cache-control": "no-store" },
  });
}

/**
 * The customer's browser back from the acquirer (EST posts a form to the return URL, iyzico a token, the
 * sandbox signed query fields): verified by the dealer's connector and applied, then the browser goes on to
 * the payment page, which shows what the service recorded (a decline: "Try another card"), or, after the
 * customer cancelled at the acquirer, back to the site. A refused return changes nothing and lands on the page.
 */
export function withAcquirerReturn() {
  return withApiErrors(async (req, { params }) => {
    const message = await incomingMessage(req);
    const received = await receiveAcquirerMessage({ token: String(params.token) }, "return", message);
    if (!received.token) return ackResponse(received.ack);
    const lang = message.query.lang === "tr" ? "tr" : "en";
    const location = received.cancelledTo ?? `${settings.publicBaseUrl}/pay/${received.token}?lang=${lang}`;
    return new Response(null, { status: 303, headers: { location, "cache-control": "no-store" } });
  });
}

/** The acquirer's server-to-server notification about one payment: answered with the connector's ack. */
export function withAcquirerNotification() {
  return withApiErrors(async (req, { params }) =>
    ackResponse(
      (await receiveAcquirerMessage({ token: String(params.token) }, "notification", await incomingMessage(req))).ack,
    ),
  );
}

/**
 * A dealer's own notification address, for acquirers that send every notification of the merchant account to
 * one URL set in their panel (PayTR): the dealer's connector finds and verifies the payment; its ack answers.
 */
export function withDealerAcquirerNotification() {
  return withApiErrors(async (req, { params }) => {
    const id = String(params.dealerId);
    const message = await incomingMessage(req);
    if (!/^\d{1,9}$/.test(id))
      return ackResponse({ status: 404, contentType: "text/plain; charset=utf-8", body: "Not found" });
    return ackResponse((await receiveDealerAcquirerNotification(Number(id), message)).ack);
  });
}

/**
 * The sandbox acquirer's first notification address, which names the payment by the order id in its JSON
 * body (read only to find the payment; the dealer's connector verifies the message). Answered as before:
 * `{"success": true, "status": "applied" | "duplicate" | "conflict"}`, or the connector's refusal (401).
 */
export function withOrderNotification() {
  return withApiErrors(async (req) => {
    const message = await incomingMessage(req);
    const orderId = (() => {
      try {
        return String((JSON.parse(message.rawBody) as { orderId?: unknown }).orderId ?? "");
      } catch {
        return "";
      }
    })();
    const received = await receiveAcquirerMessage({ orderId }, "notification", message);
    return received.verified ? jsonResponse({ success: true, status: received.result }) : ackResponse(received.ack);
  });
}
