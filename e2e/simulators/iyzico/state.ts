import { createHmac, randomBytes, randomInt, randomUUID } from "node:crypto";
import { TEST_CARDS, UNKNOWN_CARD } from "./cards";

/**
 * What the simulated iyzico remembers: its merchants, checkout forms by token and the payments made on them. Prices
 * are kept as the decimal strings the client sent ("1250.7") and answered as JSON numbers, as iyzico does. Every
 * form and payment belongs to the merchant whose keys opened it: another merchant's keys never see it.
 */

/** A merchant account at iyzico: the API key names it, the secret key signs its calls and its answers. */
export type Merchant = { apiKey: string; secretKey: string };

export type Payment = {
  paymentId: string;
  /** The merchant (API key) the payment was made to; its refunds and cancels are that merchant's too. */
  apiKey: string;
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
  /** Cancels of the whole payment (made in the merchant panel here), as the reporting service lists them. */
  cancels: CancelRecord[];
  /** When the payment was approved or declined (ms): the day the daily report lists it on. */
  createdAt: number;
  itemTransactions: { itemId: string; paymentTransactionId: string; price: number; paidPrice: number }[];
  /** The card as iyzico's payment answers name it: its first six and last four digits and its scheme. */
  binNumber: string;
  lastFourDigits: string;
  cardAssociation: "VISA" | "MASTER_CARD" | "TROY" | "AMERICAN_EXPRESS";
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

/** A cancel as the reporting service lists it under the payment (refundStatus 1 SUCCESS). */
export type CancelRecord = {
  refundId: number;
  cancelConversationId: string;
  refundPrice: number;
  currencyCode: string;
  refundStatus: 0 | 1;
  createdDate: string;
};

export type CheckoutForm = {
  token: string;
  /** The merchant (API key) that opened the form. */
  apiKey: string;
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
  /** Every merchant by API key, the default one first. */
  readonly merchants = new Map<string, Merchant>();

  constructor(readonly defaultMerchant: Merchant) {
    this.merchants.set(defaultMerchant.apiKey, defaultMerchant);
  }

  /** Another merchant account, with keys of its own. */
  addMerchant(): Merchant {
    const id = randomBytes(8).toString("hex");
    const merchant = { apiKey: `sandbox-merchant-${id}-api-key`, secretKey: `sandbox-merchant-${id}-secret-key` };
    this.merchants.set(merchant.apiKey, merchant);
    return merchant;
  }

  createForm(input: Omit<CheckoutForm, "token" | "payment" | "expiresAt">, lifetimeMs: number): CheckoutForm {
    const form: CheckoutForm = { ...input, token: randomUUID(), payment: null, expiresAt: Date.now() + lifetimeMs };
    this.forms.set(form.token, form);
    return form;
  }

  /** The customer's card on the hosted page: a payment, approved or failed, as the test card says. */
  pay(form: CheckoutForm, cardNumber: string): Payment {
    const digits = cardNumber.replace(/\D/g, "");
    const card = TEST_CARDS[digits] ?? UNKNOWN_CARD;
    const payment: Payment = {
      binNumber: digits.slice(0, 6),
      lastFourDigits: digits.slice(-4),
      cardAssociation: digits.startsWith("4")
        ? "VISA"
        : digits.startsWith("9792")
          ? "TROY"
          : /^3[47]/.test(digits)
            ? "AMERICAN_EXPRESS"
            : "MASTER_CARD",
      paymentId: String(randomInt(10_000_000, 99_999_999)),
      paymentStatus: card.outcome === "success" ? "SUCCESS" : "FAILURE",
      apiKey: form.apiKey,
      token: form.token,
      conversationId: form.conversationId,
      basketId: form.basketId,
      price: form.price,
      paidPrice: form.paidPrice,
      currency: form.currency,
      refundable: card.outcome === "success" && card.refundable,
      refunded: 0,
      refunds: [],
      cancels: [],
      createdAt: Date.now(),
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

  /** Every payment made under a conversation id (to the merchant `apiKey` when given), oldest first. */
  paymentsByConversation(conversationId: string, apiKey?: string): Payment[] {
    return [...this.payments.values()].filter(
      (payment) => payment.conversationId === conversationId && (apiKey === undefined || payment.apiKey === apiKey),
    );
  }

  /** The newest payment made under a conversation id (iyzico's paymentConversationId), to `apiKey` when given. */
  paymentByConversation(conversationId: string, apiKey?: string): Payment | null {
    return this.paymentsByConversation(conversationId, apiKey).at(-1) ?? null;
  }

  /** A payment by iyzico's paymentId, only if it was made to the merchant `apiKey`. */
  merchantPayment(paymentId: string, apiKey: string): Payment | null {
    const payment = this.payments.get(paymentId);
    return payment?.apiKey === apiKey ? payment : null;
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
    binNumber: payment.binNumber,
    lastFourDigits: payment.lastFourDigits,
    cardAssociation: payment.cardAssociation,
    phase: "AUTH",
    paymentStatus: payment.paymentStatus,
    ...(payment.errorCode
      ? { errorCode: payment.errorCode, errorGroup: payment.errorGroup, errorMessage: payment.errorMessage }
      : {}),
  };
}
