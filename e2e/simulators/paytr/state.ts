import { randomBytes } from "node:crypto";
import type { Merchant } from "./wire";

/**
 * What the simulated PayTR holds: stores (merchant credentials and the notification URL set in each one's
 * panel), payment frames (a token per get-token), payments by merchant_oid with their refunds, and every
 * notification sent with PayTR's answer to it.
 */

export type Frame = {
  token: string;
  merchant: Merchant;
  oid: string;
  amount: number; // kuruş
  email: string;
  okUrl: string;
  failUrl: string;
  lang: "tr" | "en";
  testMode: boolean;
  currency: string;
  expiresAt: number;
};

export type Payment = {
  merchantId: string;
  oid: string;
  status: "success" | "failed";
  amount: number;
  /** Kuruş collected beyond the order (installment interest the customer chose): in total_amount and payment_total. */
  interest: number;
  failedReasonCode?: string;
  failedReasonMsg?: string;
  testMode: boolean;
  maskedPan: string;
  paidAt: Date;
  refunds: { amount: number; referenceNo: string; at: Date }[];
};

export type Notification = {
  merchantId: string;
  oid: string;
  url: string;
  body: Record<string, string>;
  attempts: { status: number | null; answer: string; at: number }[];
  acknowledged: boolean;
};

/** The simulator's cards (its own; PayTR's test mode shows its own on the page): number -> outcome. */
export const CARDS: Record<string, { code?: string; message?: string }> = {
  "4355084355084358": {},
  "5406675406675403": {},
  "9792030394440796": {},
  "4000000000000002": { code: "0", message: "Kart limiti yetersiz" },
  "4000000000000010": {
    code: "2",
    message: "Kimlik Doğrulama başarısız. Lütfen tekrar deneyin ve şifreyi doğru girin.",
  },
};

export class PaytrState {
  readonly merchants = new Map<string, Merchant & { notificationUrl: string | null }>();
  readonly frames = new Map<string, Frame>();
  readonly payments = new Map<string, Payment>();
  readonly notifications: Notification[] = [];
  private next = 100001;

  addMerchant(): Merchant {
    const merchantId = String(this.next++);
    const m = {
      merchantId,
      merchantKey: randomBytes(12).toString("base64url"),
      merchantSalt: randomBytes(12).toString("base64url"),
      notificationUrl: null,
    };
    this.merchants.set(merchantId, m);
    return { merchantId, merchantKey: m.merchantKey, merchantSalt: m.merchantSalt };
  }

  newFrame(frame: Omit<Frame, "token">): Frame {
    const token = randomBytes(24).toString("hex");
    const made = { ...frame, token };
    this.frames.set(token, made);
    return made;
  }

  payment(merchantId: string, oid: string): Payment | undefined {
    return this.payments.get(`${merchantId}/${oid}`);
  }

  /** The card on the frame: PayTR charges it (or not) and records the payment under its merchant_oid. */
  pay(frame: Frame, cardNumber: string, expiry: string, cancelled: boolean, interest = 0): Payment {
    const number = cardNumber.replace(/\D/g, "");
    const card = cancelled
      ? { code: "6", message: "Müşteri ödeme yapmaktan vazgeçti ve ödeme sayfasından ayrıldı." }
      : (CARDS[number] ?? { code: "0", message: "Kart bilgileri hatalı" });
    const [month, year] = expiry.split("/").map((v) => Number(v.trim()));
    const expired = !cancelled && (!month || !year || new Date(2000 + year, month, 1) <= new Date());
    const failed = card.code !== undefined || expired;
    const payment: Payment = {
      merchantId: frame.merchant.merchantId,
      oid: frame.oid,
      status: failed ? "failed" : "success",
      amount: frame.amount,
      interest: failed ? 0 : interest,
      ...(failed
        ? {
            failedReasonCode: expired ? "0" : card.code,
            failedReasonMsg: expired ? "Kartın son kullanma tarihi geçmiş" : card.message,
          }
        : {}),
      testMode: frame.testMode,
      maskedPan: number.length >= 10 ? `${number.slice(0, 6)}******${number.slice(-4)}` : "",
      paidAt: new Date(),
      refunds: [],
    };
    // A failed attempt does not take the order: the customer may try again on a new frame.
    const earlier = this.payment(payment.merchantId, payment.oid);
    if (earlier?.status !== "success") this.payments.set(`${payment.merchantId}/${payment.oid}`, payment);
    this.frames.delete(frame.token);
    return payment;
  }
}
