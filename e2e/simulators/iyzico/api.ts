import { ERROR, IyzicoState, paymentAnswer, sign, type CheckoutForm } from "./state";

/**
 * iyzico's JSON API as the official client calls it: every answer is HTTP 200 with `status` "success" or
 * "failure"; signed answers carry `signature` as docs.iyzico.com "Response Signature Validation" lists.
 */

export type ApiContext = {
  state: IyzicoState;
  /** The merchant whose keys authenticated the call: it sees only its own forms and payments. */
  apiKey: string;
  /** That merchant's secret key, which signs the answers. */
  secretKey: string;
  baseUrl: string;
  tokenLifetimeMs: number;
  refuseRefunds: boolean;
};

/** The authenticated GET API, by path (query parameters; the official client signs an empty JSON body). */
export const REPORTING_PATH = "/v2/reporting/payment/details";
type Body = Record<string, unknown>;

const failure = (error: { errorCode: string; errorMessage: string }, body: Body): Body => ({
  status: "failure",
  ...error,
  locale: typeof body.locale === "string" ? body.locale : "tr",
  systemTime: Date.now(),
  ...(typeof body.conversationId === "string" ? { conversationId: body.conversationId } : {}),
});

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() !== "" ? value : null);
const price = (value: unknown): string | null =>
  typeof value === "string" && /^\d+(\.\d+)?$/.test(value) ? value : null;
const cents = (value: string): bigint => {
  const [whole = "0", fraction = ""] = value.split(".");
  return BigInt(whole) * 100n + BigInt((fraction + "00").slice(0, 2));
};

function initialize(ctx: ApiContext, body: Body): Body {
  const buyer = (body.buyer ?? {}) as Body;
  const items = Array.isArray(body.basketItems) ? (body.basketItems as Body[]) : [];
  const priceValue = price(body.price);
  const paidPrice = price(body.paidPrice);
  const required = [
    body.basketId,
    body.callbackUrl,
    body.currency,
    buyer.id,
    buyer.name,
    buyer.surname,
    buyer.email,
    buyer.identityNumber,
    buyer.registrationAddress,
    buyer.city,
    buyer.country,
    buyer.ip,
  ];
  if (!priceValue || !paidPrice || required.some((v) => text(v) === null) || items.length === 0)
    return failure(ERROR.invalidRequest, body);
  // iyzico checks that the basket adds up to the price.
  const itemPrices = items.map((item) => price(item.price));
  if (
    itemPrices.some((p) => p === null) ||
    itemPrices.reduce((sum, p) => sum + cents(p ?? "0"), 0n) !== cents(priceValue)
  )
    return failure(ERROR.invalidRequest, body);
  const form = ctx.state.createForm(
    {
      apiKey: ctx.apiKey,
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
  // Another merchant's token is unknown to this one.
  if (!form?.payment || form.apiKey !== ctx.apiKey) return failure(ERROR.tokenNotFound, body);
  // The answer echoes the request's conversationId when it has one.
  const answer: Body = {
    ...paymentAnswer(
      form.payment,
      text(body.conversationId) ?? form.conversationId,
      String(body.locale ?? form.locale),
    ),
    token: form.token,
    callbackUrl: form.callbackUrl,
  };
  const fields = [
    answer.paymentStatus,
    answer.paymentId,
    answer.currency,
    answer.basketId,
    answer.conversationId,
    answer.paidPrice,
    answer.price,
    answer.token,
  ];
  return { ...answer, signature: sign(ctx.secretKey, fields) };
}

function retrievePayment(ctx: ApiContext, body: Body): Body {
  const payment = text(body.paymentId)
    ? ctx.state.merchantPayment(String(body.paymentId), ctx.apiKey)
    : text(body.paymentConversationId)
      ? ctx.state.paymentByConversation(String(body.paymentConversationId), ctx.apiKey)
      : null;
  if (!payment) return failure(ERROR.paymentNotFound, body);
  const answer = paymentAnswer(
    payment,
    text(body.conversationId) ?? payment.conversationId,
    String(body.locale ?? "tr"),
  );
  return {
    ...answer,
    signature: sign(ctx.secretKey, [
      answer.paymentId,
      answer.currency,
      answer.basketId,
      answer.conversationId,
      answer.paidPrice,
      answer.price,
    ]),
  };
}

let refundTxIds = 70_000_000;

function refund(ctx: ApiContext, body: Body): Body {
  const payment = ctx.state.merchantPayment(String(body.paymentId ?? ""), ctx.apiKey);
  const amount = price(body.price);
  if (!payment || payment.paymentStatus !== "SUCCESS") return failure(ERROR.paymentNotFound, body);
  if (!amount) return failure(ERROR.invalidRequest, body);
  const conversationId = text(body.conversationId) ?? "";
  const record = (refundStatus: 0 | 1) =>
    payment.refunds.push({
      refundTxId: (refundTxIds += 1),
      refundConversationId: conversationId,
      refundPrice: Number(amount),
      currencyCode: payment.currency,
      refundStatus,
      createdDate: new Date().toISOString(),
    });
  // iyzico refunds in the payment's currency: a refund asked in another is refused.
  if (body.currency !== payment.currency) return failure(ERROR.invalidRequest, body);
  if (ctx.refuseRefunds || !payment.refundable) {
    record(0);
    return failure(ERROR.refundRefused, body);
  }
  const refundedCents = BigInt(payment.refunded);
  if (refundedCents + cents(amount) > cents(payment.paidPrice)) {
    record(0);
    return failure(ERROR.refundTooLarge, body);
  }
  payment.refunded = Number(refundedCents + cents(amount));
  record(1);
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

/**
 * The reporting service's transaction detail: the merchant's payments under a paymentConversationId (or one
 * paymentId), refunds included.
 */
export function reportPaymentDetails(ctx: ApiContext, query: URLSearchParams): Body {
  const paymentId = query.get("paymentId");
  const byId = paymentId ? ctx.state.merchantPayment(paymentId, ctx.apiKey) : null;
  const payments = byId
    ? [byId]
    : ctx.state.paymentsByConversation(query.get("paymentConversationId") ?? "", ctx.apiKey);
  const request = { locale: query.get("locale") ?? "tr", conversationId: query.get("conversationId") ?? undefined };
  if (payments.length === 0) return failure(ERROR.paymentNotFound, request);
  return {
    status: "success",
    locale: request.locale,
    systemTime: Date.now(),
    ...(request.conversationId ? { conversationId: request.conversationId } : {}),
    payments: payments.map((p) => ({
      paymentId: Number(p.paymentId),
      paymentStatus: p.paymentStatus === "SUCCESS" ? 1 : 0,
      paymentRefundStatus:
        p.refunded === 0
          ? "NOT_REFUNDED"
          : BigInt(p.refunded) >= cents(p.paidPrice)
            ? "TOTALLY_REFUNDED"
            : "PARTIALLY_REFUNDED",
      price: Number(p.price),
      paidPrice: Number(p.paidPrice),
      installment: 1,
      paymentConversationId: p.conversationId,
      fraudStatus: p.paymentStatus === "SUCCESS" ? 1 : 0,
      basketId: p.basketId,
      currency: p.currency,
      authCode: p.authCode,
      phase: "AUTH",
      cancels: p.cancels,
      // One item per basket here: its refunds are the payment's.
      itemTransactions: p.itemTransactions.map((item, i) => ({
        paymentTransactionId: Number(item.paymentTransactionId),
        transactionStatus: 2,
        price: item.price,
        paidPrice: item.paidPrice,
        refunds: i === 0 ? p.refunds : [],
      })),
    })),
  };
}

function binCheck(_ctx: ApiContext, body: Body): Body {
  const bin = text(body.binNumber);
  if (!bin || !/^\d{6,8}$/.test(bin)) return failure(ERROR.invalidRequest, body);
  return {
    status: "success",
    locale: "tr",
    systemTime: Date.now(),
    conversationId: body.conversationId,
    binNumber: bin.slice(0, 6),
    cardType: "CREDIT_CARD",
    cardAssociation: "MASTER_CARD",
    cardFamily: "Paraf",
    bankName: "Halkbank",
    bankCode: 12,
    commercial: 0,
  };
}

/** The authenticated API, by path (POST with a JSON body). */
export const API_ROUTES: Record<string, (ctx: ApiContext, body: Body) => Body> = {
  "/payment/iyzipos/checkoutform/initialize/auth/ecom": initialize,
  "/payment/iyzipos/checkoutform/auth/ecom/detail": retrieveCheckout,
  "/payment/detail": retrievePayment,
  "/v2/payment/refund": refund,
  "/payment/bin/check": binCheck,
};
