import { signIpn } from "./wire";

/**
 * What the simulated NOWPayments account holds: payments, payouts, the IPNs it sent, and the faults the
 * tests ask for. Records are kept in NOWPayments' own field names, so a status answer is the record.
 */

export type Payment = {
  payment_id: number;
  payment_status: string;
  pay_address: string;
  payin_extra_id: null;
  price_amount: number;
  price_currency: string;
  pay_amount: number;
  actually_paid: number;
  actually_paid_at_fiat: number;
  pay_currency: string;
  order_id: string | null;
  order_description: string | null;
  ipn_callback_url: string | null;
  purchase_id: string;
  outcome_amount: number;
  outcome_currency: string;
  parent_payment_id: number | null;
  created_at: string;
  updated_at: string;
};

export type Payout = {
  id: string;
  batch_withdrawal_id: string;
  status: string;
  error: string | null;
  currency: string;
  amount: string;
  address: string;
  fee: null;
  extra_id: string | null;
  hash: string | null;
  ipn_callback_url: string | null;
  payout_description: string | null;
  unique_external_id: string | null;
  is_request_payouts: boolean;
  created_at: string;
  requested_at: string | null;
  updated_at: string | null;
};

/** An IPN sent: its answer's status and how long the receiver took to give it (null: no answer within 5 s). */
export type SentIpn = {
  url: string;
  body: Record<string, unknown>;
  signature: string;
  delivered: boolean;
  answer: number | null;
  ms: number | null;
};

/** TRY per coin: the simulator's fixed rates (NOWPayments quotes live ones). */
export const RATES_TRY: Record<string, number> = {
  usdttrc20: 34.5,
  usdterc20: 34.5,
  trx: 8.25,
  eth: 120_000,
  btc: 3_500_000,
};
export const FIAT = ["try", "usd", "eur"];
/** Units of each fiat per TRY, for quotes in other currencies. */
const FIAT_PER_TRY: Record<string, number> = { try: 1, usd: 1 / 34.5, eur: 1 / 37.5 };

export function quote(amount: number, from: string, to: string): number | null {
  const tryAmount = FIAT.includes(from)
    ? amount / FIAT_PER_TRY[from]!
    : RATES_TRY[from]
      ? amount * RATES_TRY[from]!
      : null;
  if (tryAmount === null) return null;
  if (FIAT.includes(to)) return Number((tryAmount * FIAT_PER_TRY[to]!).toFixed(2));
  return RATES_TRY[to] ? Number((tryAmount / RATES_TRY[to]!).toFixed(8)) : null;
}

export class SimulatorState {
  payments = new Map<number, Payment>();
  payouts = new Map<string, Payout>();
  /** The sandbox `case` each payment was created with (NOWPayments' sandbox plays that flow by itself). */
  cases = new Map<number, string>();
  ipns: SentIpn[] = [];
  /** Answers forced on coming requests: an HTTP status (429, 500, ...), on the next request or the next one to a path. */
  forcedStatuses: { status: number; path?: string }[] = [];
  dropIpns = 0;
  delayMs = 0;
  /** The list endpoints (payments, payouts) answer this status, or unreadable text, until set back to null. */
  reportFailure: number | "garbage" | null = null;
  private nextId = 5_745_459_419;
  private pending = new Set<Promise<void>>();
  private last: Promise<void> = Promise.resolve();

  constructor(readonly ipnSecret: string) {}

  newId(): number {
    return this.nextId++;
  }

  /** Signs and posts one IPN (unless told to drop it); the tests can wait for it with `settled()`. */
  notify(url: string | null, body: Record<string, unknown>): void {
    if (!url) return;
    const ipn: SentIpn = {
      url,
      body,
      signature: signIpn(this.ipnSecret, body),
      delivered: false,
      answer: null,
      ms: null,
    };
    this.ipns.push(ipn);
    if (this.dropIpns > 0) {
      this.dropIpns--;
      return;
    }
    // One after another, in the order the statuses changed, as a receiver sees them from NOWPayments.
    let sentAt = 0;
    const delivery = this.last
      .then(() => {
        sentAt = Date.now();
        return fetch(url, {
          method: "POST",
          headers: { "content-type": "application/json", "x-nowpayments-sig": ipn.signature },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(5000),
        });
      })
      .then(async (res) => {
        ipn.delivered = true;
        ipn.answer = res.status;
        ipn.ms = Date.now() - sentAt;
        await res.arrayBuffer();
      })
      .catch(() => undefined)
      .finally(() => this.pending.delete(delivery));
    this.last = delivery;
    this.pending.add(delivery);
  }

  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  setPaymentStatus(payment: Payment, status: string, changes: Partial<Payment> = {}): void {
    Object.assign(payment, changes, { payment_status: status, updated_at: new Date().toISOString() });
    this.notify(payment.ipn_callback_url, paymentIpnBody(payment));
  }

  setPayoutStatus(payout: Payout, status: string, changes: Partial<Payout> = {}): void {
    Object.assign(payout, changes, { status, updated_at: new Date().toISOString() });
    this.notify(payout.ipn_callback_url, payoutIpnBody(payout));
  }
}

/** A payment IPN, shaped like the documentation's "Webhooks Examples: Payments". */
export function paymentIpnBody(p: Payment): Record<string, unknown> {
  return {
    payment_id: p.payment_id,
    parent_payment_id: p.parent_payment_id,
    invoice_id: null,
    payment_status: p.payment_status,
    pay_address: p.pay_address,
    payin_extra_id: null,
    price_amount: p.price_amount,
    price_currency: p.price_currency,
    pay_amount: p.pay_amount,
    actually_paid: p.actually_paid,
    actually_paid_at_fiat: p.actually_paid_at_fiat,
    pay_currency: p.pay_currency,
    order_id: p.order_id,
    order_description: p.order_description,
    purchase_id: p.purchase_id,
    outcome_amount: p.outcome_amount,
    outcome_currency: p.outcome_currency,
    payment_extra_ids: null,
    fee: { currency: p.pay_currency, depositFee: 0, withdrawalFee: 0, serviceFee: 0 },
  };
}

/** A payout IPN, shaped like "Webhooks Examples: Withdrawals" (which carries no unique_external_id). */
export function payoutIpnBody(w: Payout): Record<string, unknown> {
  return {
    id: w.id,
    batch_withdrawal_id: w.batch_withdrawal_id,
    status: w.status,
    error: w.error,
    currency: w.currency,
    amount: w.amount,
    address: w.address,
    fee: null,
    extra_id: w.extra_id,
    hash: w.hash,
    ipn_callback_url: w.ipn_callback_url,
    created_at: w.created_at,
    requested_at: w.requested_at,
    updated_at: w.updated_at,
  };
}
