import { randomBytes } from "node:crypto";

/**
 * What the simulated Papara holds, in its clients' shapes: payments (`Payment`: id, referenceId, status 0
 * awaiting / 1 completed / 2 refunded, amount, currency, paymentUrl, notificationUrl, redirectUrl, ...), mass
 * payments (`MassPayment`: id, massPaymentId, amount, fee, resultingBalance, ...), the merchant's balance, the
 * Papara users who can receive money, and every notification sent with the answer it got.
 */

export type Payment = {
  id: string;
  createdAt: Date;
  merchantId: string;
  userId: string | null;
  paymentMethod: number | null;
  referenceId: string;
  orderDescription: string;
  status: 0 | 1 | 2;
  amount: number;
  fee: number;
  currency: number;
  notificationUrl: string;
  notificationDone: boolean;
  redirectUrl: string;
  paymentUrl: string;
};

export type MassPayment = {
  id: number;
  massPaymentId: string;
  accountNumber: string;
  createdAt: Date;
  amount: number;
  currency: number;
  fee: number;
  resultingBalance: number;
  description: string;
};

/**
 * A movement of the merchant's balance (`AccountLedger`): entryType 8 (MerchantPayment, a checkout payment
 * completed; below zero, refunded) or 9 (PaymentDistribution, a mass payment), with the balance it left.
 */
export type LedgerEntry = {
  id: number;
  createdAt: Date;
  entryType: 8 | 9;
  amount: number;
  fee: number;
  currency: number;
  resultingBalance: number;
  description: string;
  massPaymentId: string | null;
  checkoutPaymentId: string | null;
  checkoutReferenceId: string | null;
};

export type Notification = {
  paymentId: string;
  url: string;
  body: Record<string, unknown>;
  attempts: { status: number | null; at: number }[];
  acknowledged: boolean;
};

export const MERCHANT_ID = "3a7c5f9e-0000-4000-8000-00000000papa";

/** Papara numbers that exist in the simulator (any other is code 100, "user not found"). */
export const USERS = new Set(["1234567890", "1111111111", "2222222222", "3333333333"]);

export class PaparaState {
  readonly payments = new Map<string, Payment>();
  readonly massPayments = new Map<number, MassPayment>();
  readonly notifications: Notification[] = [];
  readonly ledger: LedgerEntry[] = [];
  balance = 1_000_000;
  private nextMass = 8_000_001;
  private nextLedger = 41_000_001;

  createPayment(
    p: Omit<
      Payment,
      | "id"
      | "createdAt"
      | "merchantId"
      | "userId"
      | "paymentMethod"
      | "status"
      | "fee"
      | "notificationDone"
      | "paymentUrl"
    >,
    baseUrl: string,
  ): Payment {
    const hex = randomBytes(6).toString("hex").toUpperCase();
    const id = `${hex.slice(0, 4)}-${hex.slice(4, 8)}-${hex.slice(8)}`;
    const payment: Payment = {
      ...p,
      id,
      createdAt: new Date(),
      merchantId: MERCHANT_ID,
      userId: null,
      paymentMethod: null,
      status: 0,
      fee: 0,
      notificationDone: false,
      paymentUrl: `${baseUrl}/pid?${id}`,
    };
    this.payments.set(id, payment);
    return payment;
  }

  byReference(referenceId: string): Payment | undefined {
    return [...this.payments.values()].filter((p) => p.referenceId === referenceId).at(-1);
  }

  massByReference(massPaymentId: string): MassPayment | undefined {
    return [...this.massPayments.values()].find((m) => m.massPaymentId === massPaymentId);
  }

  /** Moves the balance and writes the movement into the ledger. */
  book(
    entry: Pick<
      LedgerEntry,
      "entryType" | "amount" | "description" | "massPaymentId" | "checkoutPaymentId" | "checkoutReferenceId"
    >,
  ): LedgerEntry {
    this.balance = Math.round((this.balance + entry.amount) * 100) / 100;
    const booked: LedgerEntry = {
      ...entry,
      id: this.nextLedger++,
      createdAt: new Date(),
      fee: 0,
      currency: 0,
      resultingBalance: this.balance,
    };
    this.ledger.push(booked);
    return booked;
  }

  pay(massPaymentId: string, accountNumber: string, amount: number, description: string): MassPayment {
    const fee = 0;
    this.book({
      entryType: 9,
      amount: -(amount + fee),
      description,
      massPaymentId,
      checkoutPaymentId: null,
      checkoutReferenceId: null,
    });
    const m: MassPayment = {
      id: this.nextMass++,
      massPaymentId,
      accountNumber,
      createdAt: new Date(),
      amount,
      currency: 0,
      fee,
      resultingBalance: this.balance,
      description,
    };
    this.massPayments.set(m.id, m);
    return m;
  }
}
