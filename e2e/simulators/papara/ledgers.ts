import type { LedgerEntry, MassPayment, Payment, PaparaState } from "./state";

/**
 * "List Ledgers" (`POST /account/ledgers`) as Papara's clients document it: `{ startDate, endDate, entryType?,
 * page (from 1), pageSize (1 to 50) }`, answered `{ succeeded, data: { items, page, pageItemCount,
 * totalItemCount, totalPageCount, pageSkip } }` with each movement as an `AccountLedger`, oldest first. Also the
 * discrepancies a reconciliation must find, made at "Papara" behind the service's back (no notification is sent
 * for them), and the endpoint's failures.
 */

export type ReportFailure = number | "garbage" | null;

export type LedgerControls = {
  /** The merchant refunds a completed payment from Papara's panel: status 2, the money out in the ledger. */
  panelRefund(referenceId: string, amount?: number): LedgerEntry;
  /** A completed payment the service never created (a deposit nobody asked for), in the ledger now. */
  unknownSale(referenceId: string, amount: number): Payment;
  /** The ledger's entry for the order (and Papara's payment) names another amount. */
  alterAmount(referenceId: string, amount: number): LedgerEntry;
  /** A payment the customer had left unpaid is completed after all. */
  approveLate(referenceId: string): Payment;
  /** The mass payment of our reference is made a second time (another entry, another balance movement). */
  payTwice(massPaymentId: string): MassPayment;
  /** The ledger answers this HTTP status, or unreadable text ("garbage"); null: normal again. */
  failReports(failure: ReportFailure): void;
};

type Answer = { status: number; body: unknown } | { status: number; text: string };

const TRY_INFO = {
  currencyEnum: 0,
  symbol: "₺",
  code: "TRY",
  preferredDisplayCode: "TL",
  name: "Türk Lirası",
  isCryptocurrency: false,
  precision: 2,
  iconUrl: "https://cdn.papara.com/web/currency/try.svg",
};

const NAMES = { 8: "Merchant Payment", 9: "Payment Distribution" } as const;

const wireEntry = (e: LedgerEntry) => ({
  id: e.id,
  createdAt: e.createdAt.toISOString(),
  entryType: e.entryType,
  entryTypeName: NAMES[e.entryType],
  amount: e.amount,
  fee: e.fee,
  currency: e.currency,
  currencyInfo: TRY_INFO,
  resultingBalance: e.resultingBalance,
  description: e.description,
  massPaymentId: e.massPaymentId,
  checkoutPaymentId: e.checkoutPaymentId,
  checkoutReferenceId: e.checkoutReferenceId,
});

const refused = (message: string): Answer => ({
  status: 400,
  body: { succeeded: false, error: { code: 998, message } },
});

export function listLedgers(state: PaparaState, failure: ReportFailure, body: Record<string, unknown>): Answer {
  if (failure === "garbage") return { status: 200, text: '{"succeeded":true,"data":{"items":[{"id":4100' };
  if (failure !== null) return { status: failure, text: `<h1>${failure}</h1>` };
  const from = typeof body.startDate === "string" ? Date.parse(body.startDate) : Number.NaN;
  const to = typeof body.endDate === "string" ? Date.parse(body.endDate) : Number.NaN;
  const { page, pageSize, entryType } = body;
  if (Number.isNaN(from) || Number.isNaN(to)) return refused("startDate and endDate are required");
  if (typeof page !== "number" || !Number.isInteger(page) || page < 1) return refused("page starts at 1");
  if (typeof pageSize !== "number" || !Number.isInteger(pageSize) || pageSize < 1 || pageSize > 50)
    return refused("pageSize must be between 1 and 50");
  const all = state.ledger.filter(
    (e) =>
      e.createdAt.getTime() >= from &&
      e.createdAt.getTime() <= to &&
      (entryType === undefined || entryType === null || e.entryType === entryType),
  );
  const skip = (page - 1) * pageSize;
  return {
    status: 200,
    body: {
      succeeded: true,
      data: {
        items: all.slice(skip, skip + pageSize).map(wireEntry),
        page,
        pageItemCount: pageSize,
        totalItemCount: all.length,
        totalPageCount: Math.ceil(all.length / pageSize),
        pageSkip: skip,
      },
    },
  };
}

/** The ledger entry a completed payment writes. */
export function bookPayment(state: PaparaState, p: Payment): LedgerEntry {
  return state.book({
    entryType: 8,
    amount: p.amount,
    description: p.orderDescription,
    massPaymentId: null,
    checkoutPaymentId: p.id,
    checkoutReferenceId: p.referenceId,
  });
}

export function ledgerControls(
  state: PaparaState,
  baseUrl: () => string,
  setFailure: (failure: ReportFailure) => void,
): LedgerControls {
  const payment = (referenceId: string) => {
    const found = state.byReference(referenceId);
    if (!found) throw new Error(`no payment for ${referenceId}`);
    return found;
  };
  return {
    panelRefund(referenceId, amount) {
      const p = payment(referenceId);
      if (p.status !== 1) throw new Error(`payment for ${referenceId} is not completed`);
      p.status = 2;
      return state.book({
        entryType: 8,
        amount: -(amount ?? p.amount),
        description: `Refund: ${p.orderDescription}`,
        massPaymentId: null,
        checkoutPaymentId: p.id,
        checkoutReferenceId: p.referenceId,
      });
    },
    unknownSale(referenceId, amount) {
      const p = state.createPayment(
        {
          amount,
          referenceId,
          orderDescription: `Order ${referenceId}`,
          notificationUrl: "http://127.0.0.1:9/none",
          redirectUrl: "http://127.0.0.1:9/none",
          currency: 0,
        },
        baseUrl(),
      );
      Object.assign(p, { status: 1, userId: "user-1111111111", paymentMethod: 0, notificationDone: true });
      bookPayment(state, p);
      return p;
    },
    alterAmount(referenceId, amount) {
      const entry = state.ledger.findLast(
        (e) => (e.checkoutReferenceId === referenceId && e.amount > 0) || e.massPaymentId === referenceId,
      );
      if (!entry) throw new Error(`no ledger entry for ${referenceId}`);
      entry.amount = entry.amount < 0 ? -amount : amount;
      const p = state.byReference(referenceId);
      if (p && entry.entryType === 8) p.amount = amount;
      return entry;
    },
    approveLate(referenceId) {
      const p = payment(referenceId);
      if (p.status !== 0) throw new Error(`payment for ${referenceId} is not awaiting`);
      Object.assign(p, { status: 1, userId: "user-1234567890", paymentMethod: 0 });
      bookPayment(state, p);
      return p;
    },
    payTwice(massPaymentId) {
      const first = state.massByReference(massPaymentId);
      if (!first) throw new Error(`no mass payment ${massPaymentId}`);
      return state.pay(first.massPaymentId, first.accountNumber, first.amount, first.description);
    },
    failReports: (failure) => setFailure(failure),
  };
}
