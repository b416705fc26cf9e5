import { ERROR, IyzicoState, paymentAnswer, sign, type CheckoutForm } from "./state";

/**
 * iyzico's JSON API as the official client calls it: every answer is HTTP 200 with `status` "success" or
 * "failure"; signed answers carry `signature` as docs.iyzico.com "Response Signature Validation" lists.
 */

export type ApiContext = { state: IyzicoState; secretKey: string; baseUrl: string; tokenLifetimeMs: number; refuseRefunds: boolean };
type Body = Record<string, unknown>;

const failure = (error: { errorCode: string; errorMessage: string }, body: Body): Body => ({
  status: "failure",
  ...error,
  locale: typeof body.locale === "string" ? body.locale : "tr",
  systemTime: Date.now(),
  ...(typeof body.conversationId === "string" ? { conversationId: body.conversationId } : {}),
});

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() !== "" ? value : null);
const price = (value: unknown): string | null => (typeof value === "string" && /^\d+(\.\d+)?$/.test(value) ? value : null);
const cents = (value: string): bigint => {
  const [whole = "0", fraction = ""] = value.split(".");
  return BigInt(whole) * 100n + BigInt((fraction + "00").slice(0, 2));
};

function initialize(ctx: ApiContext, body: Body): Body {
  const buyer = (body.buyer ?? {}) as Body;
  const items = Array.isArray(body.basketItems) ? (body.basketItems as Body[]) : [];
  const priceValue = price(body.price);
  const paidPrice = price(body.paidPrice);
  const required = [body.basketId, body.callbackUrl, body.currency, buyer.id, buyer.name, buyer.surname, buyer.email, buyer.identityNumber, buyer.registrationAddress, buyer.city, buyer.country, buyer.ip];
  if (!priceValue || !paidPrice || required.some((v) => text(v) === null) || items.length === 0) return failure(ERROR.invalidRequest, body);
  // iyzico checks that the basket adds up to the price.
  const itemPrices = items.map((item) => price(item.price));
  if (itemPrices.some((p) => p === null) || itemPrices.reduce((sum, p) => sum + cents(p ?? "0"), 0n) !== cents(priceValue)) return failure(ERROR.invalidRequest, body);
  const form = ctx.state.createForm(
    {
      conversationId: text(body.conversationId) ?? "",
      basketId: String(body.basketId),
      price: priceValue,
      paidPrice,
      currency: String(body.currency),
      callbackUrl: String(body.callbackUrl),
      locale: body.locale === "en" ? "en" : "tr",
      basketItems: items.map((item) => ({ id: String(item.id), price: String(item.price) })),
    },
    ctx.tokenLifetimeMs,
  );
  const paymentPageUrl = `${ctx.baseUrl}/checkoutform?token=${encodeURIComponent(form.token)}&lang=${form.locale}`;
  return {
    status: "success",
    locale: form.locale,
    systemTime: Date.now(),
    conversationId: form.conversationId,
    token: form.token,
    checkoutFormContent: `<script type="text/javascript">/* iyzico simulator */ window.location.href=${JSON.stringify(paymentPageUrl)};</script>`,
    tokenExpireTime: Math.round(ctx.tokenLifetimeMs / 1000),
    paymentPageUrl,
    signature: sign(ctx.secretKey, [form.conversationId, form.token]),
  };
}

function retrieveCheckout(ctx: ApiContext, body: Body): Body {
  const form: CheckoutForm | undefined = ctx.state.forms.get(String(body.token ?? ""));
  if (!form?.payment) return failure(ERROR.tokenNotFound, body);
  // The answer echoes the request's conversationId when it has one.
  const answer: Body = { ...paymentAnswer(form.payment, text(body.conversationId) ?? form.conversationId, String(body.locale ?? form.locale)), token: form.token, callbackUrl: form.callbackUrl };
  const fields = [answer.paymentStatus, answer.paymentId, answer.currency, answer.basketId, answer.conversationId, answer.paidPrice, answer.price, answer.token];
  return { ...answer, signature: sign(ctx.secretKey, fields) };
}

function retrievePayment(ctx: ApiContext, body: Body): Body {
  const payment = text(body.paymentId) ? ctx.state.payments.get(String(body.paymentId)) : text(body.paymentConversationId) ? ctx.state.paymentByConversation(String(body.paymentConversationId)) : null;
  if (!payment) return failure(ERROR.paymentNotFound, body);
  const answer = paymentAnswer(payment, text(body.conversationId) ?? payment.conversationId, String(body.locale ?? "tr"));
  return { ...answer, signature: sign(ctx.secretKey, [answer.paymentId, answer.currency, answer.basketId, answer.conversationId, answer.paidPrice, answer.price]) };
}

function refund(ctx: ApiContext, body: Body): Body {
  const payment = ctx.state.payments.get(String(body.paymentId ?? ""));
  const amount = price(body.price);
  if (!payment || payment.paymentStatus !== "SUCCESS") return failure(ERROR.paymentNotFound, body);
  if (!amount) return failure(ERROR.invalidRequest, body);
  if (ctx.refuseRefunds || !payment.refundable) return failure(ERROR.refundRefused, body);
  const refundedCents = BigInt(payment.refunded);
  if (refundedCents + cents(amount) > cents(payment.paidPrice)) return failure(ERROR.refundTooLarge, body);
  payment.refunded = Number(refundedCents + cents(amount));
  const conversationId = text(body.conversationId) ?? "";
  return {
    status: "success",
    locale: String(body.locale ?? "tr"),
    systemTime: Date.now(),
    conversationId,
    paymentId: payment.paymentId,
    price: Number(amount),
    currency: payment.currency,
    signature: sign(ctx.secretKey, [payment.paymentId, conversationId]),
  };
}

function binCheck(_ctx: ApiContext, body: Body): Body {
  const bin = text(body.binNumber);
  if (!bin || !/^\d{6,8}$/.test(bin)) return failure(ERROR.invalidRequest, body);
  return { status: "success", locale: "tr", systemTime: Date.now(), conversationId: body.conversationId, binNumber: bin.slice(0, 6), cardType: "CREDIT_CARD", cardAssociation: "MASTER_CARD", cardFamily: "Paraf", bankName: "Halkbank", bankCode: 12, commercial: 0 };
}

/** The authenticated API, by path (POST with a JSON body). */
export const API_ROUTES: Record<string, (ctx: ApiContext, body: Body) => Body> = {
  "/payment/iyzipos/checkoutform/initialize/auth/ecom": initialize,
  "/payment/iyzipos/checkoutform/auth/ecom/detail": retrieveCheckout,
  "/payment/detail": retrievePayment,
  "/v2/payment/refund": refund,
  "/payment/bin/check": binCheck,
};
