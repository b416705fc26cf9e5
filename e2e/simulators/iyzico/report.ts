import type { IyzicoState, Payment } from "./state";
import { ERROR } from "./state";

/**
 * The reporting service's daily transactions (docs.iyzico.com "Raporlama", "Gün Bazında Raporlama"):
 * GET /v2/reporting/payment/transactions?transactionDate=YYYY-MM-DD&page=N, the day's payments, refunds and
 * cancels of the calling merchant (its API key) in pages, from the simulator's own state. Approved payments are listed one row per basket item
 * (PAYMENT, transactionStatus 2), made refunds as REFUND and cancels as CANCEL; declined attempts and refused
 * refunds are not operations and are not listed. Dates are Turkey's local time (UTC+3 all year).
 */

export const DAILY_REPORT_PATH = "/v2/reporting/payment/transactions";

type Body = Record<string, unknown>;
type Row = { at: number; id: number; row: Body };

const TURKEY_OFFSET_MS = 3 * 60 * 60_000;

/** "2025-07-24 14:05:09" in Turkey for an instant. */
export function turkeyDateTime(ms: number): string {
  return new Date(ms + TURKEY_OFFSET_MS).toISOString().slice(0, 19).replace("T", " ");
}

function common(payment: Payment): Body {
  return {
    paymentId: Number(payment.paymentId),
    paymentTxId: Number(payment.itemTransactions[0]?.paymentTransactionId ?? 0),
    paymentPhase: "AUTH",
    installment: 1,
    threeDS: 1,
    settlementCurrency: payment.currency,
    connectorType: "IYZI_POS",
    posOrderId: "",
    authCode: payment.authCode ?? "",
    hostReference: "",
    basketId: payment.basketId,
  };
}

function rowsOf(payment: Payment): Row[] {
  const rows: Row[] = [];
  if (payment.paymentStatus === "SUCCESS") {
    for (const item of payment.itemTransactions) {
      const id = Number(item.paymentTransactionId);
      rows.push({
        at: payment.createdAt,
        id,
        row: {
          ...common(payment),
          transactionType: "PAYMENT",
          transactionDate: turkeyDateTime(payment.createdAt),
          transactionId: id,
          transactionStatus: 2,
          paymentTxId: id,
          conversationId: payment.conversationId,
          price: item.price,
          paidPrice: item.paidPrice,
          transactionCurrency: payment.currency,
          iyzicoCommission: 0,
          iyzicoFee: 0,
          parity: 1,
          iyzicoConversionAmount: 0,
          merchantPayoutAmount: item.paidPrice,
          subMerchantPayoutAmount: 0,
        },
      });
    }
  }
  for (const refund of payment.refunds.filter((r) => r.refundStatus === 1)) {
    const at = Date.parse(refund.createdDate);
    rows.push({
      at,
      id: refund.refundTxId,
      row: {
        ...common(payment),
        transactionType: "REFUND",
        transactionDate: turkeyDateTime(at),
        transactionId: refund.refundTxId,
        conversationId: refund.refundConversationId,
        price: refund.refundPrice,
        paidPrice: refund.refundPrice,
        transactionCurrency: refund.currencyCode,
        afterSettlement: 0,
      },
    });
  }
  for (const cancel of payment.cancels.filter((c) => c.refundStatus === 1)) {
    const at = Date.parse(cancel.createdDate);
    rows.push({
      at,
      id: cancel.refundId,
      row: {
        ...common(payment),
        transactionType: "CANCEL",
        transactionDate: turkeyDateTime(at),
        transactionId: cancel.refundId,
        conversationId: cancel.cancelConversationId,
        price: cancel.refundPrice,
        paidPrice: cancel.refundPrice,
        transactionCurrency: cancel.currencyCode,
      },
    });
  }
  return rows;
}

/** The merchant's answer for one page; an empty day has no page numbers, as iyzico leaves them out. */
export function reportDailyTransactions(
  state: IyzicoState,
  apiKey: string,
  query: URLSearchParams,
  pageSize: number,
): Body {
  const locale = query.get("locale") ?? "tr";
  const conversationId = query.get("conversationId");
  const echo = conversationId ? { conversationId } : {};
  const day = query.get("transactionDate") ?? "";
  const page = Number(query.get("page"));
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !Number.isSafeInteger(page) || page < 1)
    return { status: "failure", ...ERROR.invalidRequest, locale, systemTime: Date.now(), ...echo };
  const rows = [...state.payments.values()]
    .filter((payment) => payment.apiKey === apiKey)
    .flatMap(rowsOf)
    .filter((r) => turkeyDateTime(r.at).slice(0, 10) === day)
    .sort((a, b) => a.at - b.at || a.id - b.id);
  const base = { status: "success", locale, systemTime: Date.now(), ...echo };
  if (rows.length === 0) return { ...base, transactions: [] };
  return {
    ...base,
    transactions: rows.slice((page - 1) * pageSize, page * pageSize).map((r) => r.row),
    currentPage: page,
    totalPageCount: Math.ceil(rows.length / pageSize),
  };
}
