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

  /** The payment of a merchant_oid at whichever store holds it (the oids tests make are unique). */
  paymentByOid(oid: string): Payment | undefined {
    return [...this.payments.values()].find((p) => p.oid === oid);
  }

  /** A store's staff refunds in PayTR's panel: a refund without our reference_no, which nobody told the service. */
  panelRefund(oid: string, kurus: number, at = new Date()): void {
    const p = this.paymentByOid(oid);
    if (p?.status !== "success") throw new Error(`PayTR simulator: no successful payment ${oid} to refund`);
    const left = p.amount - p.refunds.reduce((sum, r) => sum + r.amount, 0);
    if (!(kurus > 0 && kurus <= left)) throw new Error(`PayTR simulator: ${kurus} kuruş is not refundable on ${oid}`);
    p.refunds.push({ amount: kurus, referenceNo: "", at });
  }

  /** A successful payment the service never asked for (another shop on the store, a payment link). */
  unknownSale(merchantId: string, kurus: number, oid: string, at = new Date()): Payment {
    if (!this.merchants.has(merchantId)) throw new Error(`PayTR simulator: no store ${merchantId}`);
    const payment: Payment = {
      merchantId,
      oid,
      status: "success",
      amount: kurus,
      interest: 0,
      testMode: false,
      maskedPan: "435508******4358",
      paidAt: at,
      refunds: [],
    };
    this.payments.set(`${merchantId}/${oid}`, payment);
    return payment;
  }

  /** PayTR holds another amount for the order than the one it was paid with (what a report then lists). */
  alterAmount(oid: string, kurus: number): void {
    const p = this.paymentByOid(oid);
    if (!p) throw new Error(`PayTR simulator: no payment ${oid}`);
    p.amount = kurus;
  }

  /**
   * An order the service saw declined, or abandoned in the frame, is approved at PayTR after all, and no
   * notification tells the service: only the report (or a status inquiry) shows it.
   */
  approveLate(oid: string, at = new Date()): Payment {
    const declined = this.paymentByOid(oid);
    if (declined?.status === "success") throw new Error(`PayTR simulator: ${oid} is already paid`);
    const frame = [...this.frames.values()].find((f) => f.oid === oid);
    if (!declined && !frame) throw new Error(`PayTR simulator: nothing of ${oid} to approve`);
    const payment: Payment = {
      merchantId: declined?.merchantId ?? frame!.merchant.merchantId,
      oid,
      status: "success",
      amount: declined?.amount ?? frame!.amount,
      interest: 0,
      testMode: declined?.testMode ?? frame!.testMode,
      maskedPan: declined?.maskedPan || "435508******4358",
      paidAt: at,
      refunds: [],
    };
    this.payments.set(`${payment.merchantId}/${oid}`, payment);
    if (frame) this.frames.delete(frame.token);
    return payment;
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
