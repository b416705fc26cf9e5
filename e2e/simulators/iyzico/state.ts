import { createHmac, randomInt, randomUUID } from "node:crypto";
import { TEST_CARDS, UNKNOWN_CARD } from "./cards";

/**
 * What the simulated iyzico remembers: checkout forms by token and the payments made on them. Prices are
 * kept as the decimal strings the client sent ("1250.7") and answered as JSON numbers, as iyzico does.
 */

export type Payment = {
  paymentId: string;
  paymentStatus: "SUCCESS" | "FAILURE";
  token: string;
  conversationId: string;
  basketId: string;
  price: string;
  paidPrice: string;
  currency: string;
  errorCode?: string;
  errorGroup?: string;
  errorMessage?: string;
  authCode?: string;
  refundable: boolean;
  refunded: number;
  /** Every refund asked of this payment (v2 refunds, made or refused), oldest first, as the reporting service lists them. */
  refunds: RefundRecord[];
  itemTransactions: { itemId: string; paymentTransactionId: string; price: number; paidPrice: number }[];
};

/** A refund as the reporting service lists it under the payment's item transaction (refundStatus 1 SUCCESS, 0 FAILURE). */
export type RefundRecord = {
  refundTxId: number;
  refundConversationId: string;
  refundPrice: number;
  currencyCode: string;
  refundStatus: 0 | 1;
  createdDate: string;
};

export type CheckoutForm = {
  token: string;
  conversationId: string;
  basketId: string;
  price: string;
  paidPrice: string;
  currency: string;
  callbackUrl: string;
  locale: "tr" | "en";
  expiresAt: number;
  basketItems: { id: string; price: string }[];
  payment: Payment | null;
};

export const ERROR = {
  system: { errorCode: "1", errorMessage: "Sistem hatası" },
  badSignature: { errorCode: "1000", errorMessage: "Geçersiz imza" },
  unknownApiKey: { errorCode: "1001", errorMessage: "api bilgileri bulunamadı" },
  // iyzico's public pages do not list the codes of the answers below; these stand for them.
  invalidRequest: { errorCode: "11", errorMessage: "Geçersiz istek" },
  tokenNotFound: { errorCode: "5148", errorMessage: "Token bulunamadı veya ödeme yapılmadı" },
  paymentNotFound: { errorCode: "5108", errorMessage: "Ödeme bulunamadı" },
  refundRefused: { errorCode: "5093", errorMessage: "İade işlemi yapılamadı" },
  refundTooLarge: { errorCode: "5094", errorMessage: "İade tutarı ödeme tutarından büyük olamaz" },
} as const;

export function sign(secretKey: string, values: unknown[]): string {
  return createHmac("sha256", secretKey)
    .update(values.map((v) => (v === undefined || v === null ? "" : String(v))).join(":"))
    .digest("hex");
}

export class IyzicoState {
  readonly forms = new Map<string, CheckoutForm>();
  readonly payments = new Map<string, Payment>();

  createForm(input: Omit<CheckoutForm, "token" | "payment" | "expiresAt">, lifetimeMs: number): CheckoutForm {
    const form: CheckoutForm = { ...input, token: randomUUID(), payment: null, expiresAt: Date.now() + lifetimeMs };
    this.forms.set(form.token, form);
    return form;
  }

  /** The customer's card on the hosted page: a payment, approved or failed, as the test card says. */
  pay(form: CheckoutForm, cardNumber: string): Payment {
    const card = TEST_CARDS[cardNumber.replace(/\D/g, "")] ?? UNKNOWN_CARD;
    const payment: Payment = {
      paymentId: String(randomInt(10_000_000, 99_999_999)),
      paymentStatus: card.outcome === "success" ? "SUCCESS" : "FAILURE",
      token: form.token,
      conversationId: form.conversationId,
      basketId: form.basketId,
      price: form.price,
      paidPrice: form.paidPrice,
      currency: form.currency,
      refundable: card.outcome === "success" && card.refundable,
      refunded: 0,
      refunds: [],
      itemTransactions: form.basketItems.map((item) => ({
        itemId: item.id,
        paymentTransactionId: String(randomInt(10_000_000, 99_999_999)),
        price: Number(item.price),
        paidPrice: Number(item.price),
      })),
      ...(card.outcome === "failure"
        ? { errorCode: card.errorCode, errorGroup: card.errorGroup, errorMessage: card.errorMessage }
        : { authCode: String(randomInt(100_000, 999_999)) }),
    };
    form.payment = payment;
    this.payments.set(payment.paymentId, payment);
    return payment;
  }

  /** Every payment made under a conversation id, oldest first. */
  paymentsByConversation(conversationId: string): Payment[] {
    return [...this.payments.values()].filter((payment) => payment.conversationId === conversationId);
  }

  /** The newest payment made under a conversation id (iyzico's paymentConversationId). */
  paymentByConversation(conversationId: string): Payment | null {
    let found: Payment | null = null;
    for (const payment of this.payments.values()) if (payment.conversationId === conversationId) found = payment;
    return found;
  }
}

/** A payment as iyzico answers it (prices as numbers), signed over the given fields with `extra` merged in. */
export function paymentAnswer(payment: Payment, conversationId: string, locale: string): Record<string, unknown> {
  return {
    status: "success",
    locale,
    systemTime: Date.now(),
    conversationId,
    price: Number(payment.price),
    paidPrice: Number(payment.paidPrice),
    installment: 1,
    paymentId: payment.paymentId,
    fraudStatus: payment.paymentStatus === "SUCCESS" ? 1 : 0,
    basketId: payment.basketId,
    currency: payment.currency,
    itemTransactions: payment.itemTransactions,
    authCode: payment.authCode,
    phase: "AUTH",
    paymentStatus: payment.paymentStatus,
    ...(payment.errorCode
      ? { errorCode: payment.errorCode, errorGroup: payment.errorGroup, errorMessage: payment.errorMessage }
      : {}),
  };
}
