import { z } from "zod";
import {
  PartnerCallError,
  type CardAcquirerConnector,
  type IncomingMessage,
  type OrderLookup,
  type PartnerAck,
  type PaymentOutcome,
  type Unverified,
  type VerifiedOutcome,
} from "../ports";
import {
  bodySignedWith,
  returnSignedWith,
  sameAmount,
  SANDBOX_SIGNATURE_HEADER,
  signBody,
  type SandboxSessionState,
} from "./wire";
import { base, configSchema, type SandboxCardConfig } from "./config";
import { sandboxCardReport } from "./report";
import { sandboxCardSpec } from "./spec";

export type { SandboxCardConfig } from "./config";

const OK: PartnerAck = { status: 200, contentType: "application/json", body: '{"success":true}' };
const REFUSED: PartnerAck = {
  status: 401,
  contentType: "application/json",
  body: '{"success":false,"error":"Invalid signature","message":"The notification is not signed with the store key."}',
};

/** A signed JSON call to the sandbox acquirer's API; 5xx and network failures are worth a retry. */
async function call(
  config: SandboxCardConfig,
  path: string,
  payload: unknown,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const body = JSON.stringify(payload);
  let res: Response;
  try {
    res = await fetch(`${base(config)}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", [SANDBOX_SIGNATURE_HEADER]: signBody(config.storeKey, body) },
      body,
      signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
    });
  } catch (error) {
    throw new PartnerCallError({
      kind: "retry",
      reason: `the sandbox acquirer could not be reached: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
  const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (res.status >= 500 || res.status === 408 || res.status === 429)
    throw new PartnerCallError({ kind: "retry", reason: `the sandbox acquirer answered ${res.status}` });
  return { status: res.status, json };
}

function outcomeOf(
  fields: {
    status?: string;
    amount?: string;
    reference?: string | null;
    errorCode?: string | null;
    errorMessage?: string | null;
    authCode?: string | null;
    cardBrand?: string | null;
    cardLast4?: string | null;
  },
  ours: string,
): PaymentOutcome {
  const partnerReference = fields.reference ?? null;
  if (fields.status === "approved")
    return {
      status: "approved",
      amount: fields.amount ?? ours,
      partnerReference,
      authCode: fields.authCode ?? null,
      ...(fields.cardLast4 && /^\d{4}$/.test(fields.cardLast4)
        ? { card: { brand: fields.cardBrand ?? null, last4: fields.cardLast4 } }
        : {}),
    };
  if (fields.status === "declined")
    return {
      status: "declined",
      partnerReference,
      error: { code: fields.errorCode || "DECLINED", message: fields.errorMessage || "The card was declined" },
    };
  if (fields.status === "cancelled" || fields.status === "expired") {
    return {
      status: "cancelled",
      partnerReference,
      error: { code: fields.errorCode || "CANCELLED", message: fields.errorMessage || "The checkout was cancelled" },
    };
  }
  return { status: "pending" };
}

/** After the signature: the order must be ours and, where the acquirer states an amount, for our amount. */
async function matchOrder(
  lookup: OrderLookup,
  fields: { orderId?: string; amount?: string; status?: string },
  ack: PartnerAck,
): Promise<{ ours: string } | Unverified> {
  const order = fields.orderId ? await lookup(fields.orderId) : null;
  if (!order) return { ok: false, reason: `unknown order ${fields.orderId ?? "(none)"}`, ack };
  if (fields.amount !== undefined && !sameAmount(fields.amount, order.amount))
    return { ok: false, reason: `amount ${fields.amount} is not the order's ${order.amount}`, ack };
  return { ours: order.amount };
}

const notification = z.object({
  orderId: z.string().min(1),
  sessionId: z.string().optional(),
  status: z.enum(["approved", "declined", "cancelled"]),
  amount: z.string().optional(),
  errorCode: z.string().max(64).optional(),
  errorMessage: z.string().max(500).optional(),
  authCode: z.string().max(32).optional(),
  occurredAt: z.iso.datetime().optional(),
});

/**
 * The service's own sandbox acquirer (app/sandbox/acquirer) behind the card port: a hosted card form with
 * 3-D Secure, reached over HTTP like a real acquirer, with the test cards of docs/decisions.md. Only where
 * the sandbox runs (`sandboxOnly`).
 */
export const sandboxCard: CardAcquirerConnector<SandboxCardConfig> = {
  name: "sandbox-card",
  kind: "card",
  spec: sandboxCardSpec,
  configSchema,
  secretKeys: ["storeKey"],
  sandboxOnly: true,
  report: sandboxCardReport,

  async testConnection(config) {
    try {
      const { status } = await call(config, "/api/ping", { merchantId: config.merchantId });
      if (status === 200)
        return { ok: true, message: `The sandbox acquirer accepted the store key for ${config.merchantId}.` };
      if (status === 401) return { ok: false, message: "The sandbox acquirer refused the store key." };
      return { ok: false, message: `The sandbox acquirer answered ${status}.` };
    } catch (error) {
      // Where it called: a dev server on another port than the CLI assumes (PUBLIC_BASE_URL, PORT) is the usual cause.
      const why = error instanceof Error ? error.message : String(error);
      return { ok: false, message: `The sandbox acquirer at ${new URL(base(config)).origin} did not answer: ${why}` };
    }
  },

  checkoutOrigins: (config) => [new URL(base(config)).origin],

  async startCheckout(config, order) {
    const { status, json } = await call(config, "/api/sessions", {
      orderId: order.orderId,
      amount: order.amount,
      currency: order.currency,
      description: order.description,
      merchant: config.merchantId,
      returnUrl: order.returnUrl,
      notifyUrl: order.notifyUrl,
      expiresAt: order.expiresAt,
    });
    if (status !== 200)
      throw new PartnerCallError({
        kind: "refused",
        error: {
          code: `HTTP_${status}`,
          message: String(json.message ?? json.error ?? "The sandbox acquirer refused the checkout"),
        },
      });
    // The checkout page lives beside the API the merchant was given (its own origin when configured so), and
    // speaks the customer's language, as the payment page did.
    const page = config.endpoint
      ? `${base(config)}/pay/${encodeURIComponent(String(json.sessionId))}`
      : String(json.redirectUrl);
    const url = `${page}?lang=${order.lang === "tr" ? "tr" : "en"}`;
    return { next: { kind: "redirect", url }, partnerReference: String(json.sessionId) };
  },

  async verifyReturn(config, message, lookup) {
    const fields = message.form ?? message.query;
    const ack = OK;
    if (!returnSignedWith(config.storeKey, fields))
      return { ok: false, reason: "the return's signature does not match", ack };
    const matched = await matchOrder(lookup, fields, ack);
    if ("ok" in matched) return matched;
    return { ok: true, orderId: fields.orderId!, outcome: outcomeOf(fields, matched.ours), ack };
  },

  async verifyNotification(config, message: IncomingMessage, lookup): Promise<VerifiedOutcome | Unverified> {
    if (!bodySignedWith(config.storeKey, message.rawBody, message.headers[SANDBOX_SIGNATURE_HEADER]))
      return { ok: false, reason: "the notification's signature does not match", ack: REFUSED };
    let parsed: z.infer<typeof notification>;
    try {
      parsed = notification.parse(JSON.parse(message.rawBody));
    } catch {
      return {
        ok: false,
        reason: "the notification is not the sandbox acquirer's shape",
        ack: { ...REFUSED, status: 422 },
      };
    }
    const matched = await matchOrder(lookup, parsed, { ...REFUSED, status: 422 });
    if ("ok" in matched) return matched;
    return {
      ok: true,
      orderId: parsed.orderId,
      outcome: outcomeOf({ ...parsed, reference: parsed.sessionId ?? null }, matched.ours),
      ack: OK,
    };
  },

  async inquire(config, order) {
    const { status, json } = await call(config, "/api/inquiries", { orderId: order.orderId });
    if (status === 404) return { status: "not_found" };
    if (status !== 200)
      throw new PartnerCallError({ kind: "retry", reason: `the sandbox acquirer answered ${status} to an inquiry` });
    const state = json as unknown as SandboxSessionState;
    if (!sameAmount(state.amount, order.amount))
      throw new PartnerCallError({
        kind: "retry",
        reason: `the sandbox acquirer holds ${state.amount} for ${order.orderId}, not ${order.amount}`,
      });
    return outcomeOf({ ...state, reference: state.sessionId }, order.amount);
  },

  async refund(config, order, amount) {
    const { status, json } = await call(config, "/api/refunds", {
      orderId: order.orderId,
      refundId: order.refundId,
      amount,
    });
    if (status === 200) return { ok: true, partnerReference: String(json.reference ?? "") || null };
    return {
      ok: false,
      error: {
        code: String(json.code ?? `HTTP_${status}`),
        message: String(json.message ?? "The sandbox acquirer refused the refund"),
      },
    };
  },

  /** The sandbox acquirer keeps the refund ids it made: its inquiry names them. */
  async inquireRefund(config, order, refund) {
    const { status, json } = await call(config, "/api/inquiries", { orderId: order.orderId });
    if (status === 404) return { status: "not_made" };
    if (status !== 200)
      throw new PartnerCallError({ kind: "retry", reason: `the sandbox acquirer answered ${status} to an inquiry` });
    const made = Array.isArray(json.refundIds) && json.refundIds.includes(refund.refundId);
    return made ? { status: "made", partnerReference: `rf_${refund.refundId}` } : { status: "not_made" };
  },
};
