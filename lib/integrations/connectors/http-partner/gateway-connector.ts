import {
  PartnerAnswerMismatch,
  type DepositInstructions,
  type GatewayConnector,
  type IncomingMessage,
  type PartnerAck,
} from "../ports";
import { httpPartnerConfigSchema, type HttpPartnerConfig } from "./config";
import { callPartner, pingPartner } from "./call-partner";
import { gatewayOrderState, outcomeOf } from "./gateway-messages";
import { gatewayReport } from "./report";
import { GATEWAY_SIGNATURE_HEADER, verifyPartnerMessage } from "./signature";
import { httpPartnerGatewaySpec } from "./spec";

const OK: PartnerAck = { status: 200, contentType: "application/json", body: JSON.stringify({ success: true }) };
const BAD: PartnerAck = {
  status: 401,
  contentType: "application/json",
  body: JSON.stringify({ success: false, message: "Invalid signature" }),
};

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

/**
 * The http-partner protocol as a bank, crypto or wallet gateway (docs/partner-protocol.md): signed JSON
 * orders, signed JSON notifications, a status inquiry. The built-in sandbox gateways speak it.
 */
export const httpPartnerGateway: GatewayConnector<HttpPartnerConfig> = {
  name: "http-partner",
  kind: "gateway",
  spec: httpPartnerGatewaySpec,
  configSchema: httpPartnerConfigSchema,
  secretKeys: ["secret"],
  testConnection: (config) => pingPartner(config, GATEWAY_SIGNATURE_HEADER, config.merchantId),
  report: gatewayReport,

  issueDeposit: (config, order) =>
    callPartner<{ gatewayReference: string; instructions: DepositInstructions }>(
      config,
      GATEWAY_SIGNATURE_HEADER,
      "/deposits",
      {
        merchantId: config.merchantId ?? null,
        clientRef: order.clientRef,
        amount: order.amount,
        currency: order.currency,
        cryptoType: order.cryptoType,
        notifyUrl: order.notifyUrl,
        returnUrl: order.returnUrl,
        customer: order.customer,
      },
    ),

  submitWithdrawal: (config, order) =>
    callPartner<{ gatewayReference: string }>(config, GATEWAY_SIGNATURE_HEADER, "/withdrawals", {
      merchantId: config.merchantId ?? null,
      clientRef: order.clientRef,
      amount: order.amount,
      currency: order.currency,
      account: order.account,
      notifyUrl: order.notifyUrl,
    }),

  async verifyNotification(config, message: IncomingMessage) {
    const signed = verifyPartnerMessage(config.secret, message, GATEWAY_SIGNATURE_HEADER);
    if (!signed.ok) return { ok: false, reason: signed.reason, ack: BAD };
    const parsed = gatewayOrderState.safeParse(parseJson(message.rawBody));
    if (!parsed.success)
      return {
        ok: false,
        reason: `malformed notification: ${parsed.error.issues.map((i) => i.path.join(".")).join(", ")}`,
        ack: { ...BAD, status: 422 },
      };
    return {
      ok: true,
      orderId: parsed.data.clientRef,
      direction: parsed.data.kind,
      outcome: outcomeOf(parsed.data),
      ack: OK,
      nonce: signed.nonce,
    };
  },

  /**
   * The answer must be signed for this request and be about the order asked for (clientRef, kind and, once
   * known, the gateway's reference): anything else is a PartnerAnswerMismatch, never an outcome.
   */
  async inquire(config, order) {
    const answer = await callPartner<unknown>(
      config,
      GATEWAY_SIGNATURE_HEADER,
      "/inquiries",
      { merchantId: config.merchantId ?? null, clientRef: order.clientRef, kind: order.direction },
      { signedAnswer: true },
    );
    const parsed = gatewayOrderState.safeParse(answer);
    if (!parsed.success) return { status: "pending" };
    const state = parsed.data;
    if (state.clientRef !== order.clientRef)
      throw new PartnerAnswerMismatch({ field: "clientRef", expected: order.clientRef, reported: state.clientRef });
    if (state.kind !== order.direction)
      throw new PartnerAnswerMismatch({ field: "kind", expected: order.direction, reported: state.kind });
    if (order.gatewayReference && state.reference && state.reference !== order.gatewayReference)
      throw new PartnerAnswerMismatch({
        field: "reference",
        expected: order.gatewayReference,
        reported: state.reference,
      });
    return outcomeOf(state);
  },
};
