import type { Payment, PaytrState } from "./state";
import { reportAmount, reportDate, reportSignature, sameSignature, turkishInstant } from "./wire";

/**
 * PayTR's "Satış ve İade İşlem Dökümü Servisi" as its document describes it: a signed period of at most 3 days
 * ("YYYY-MM-DD hh:mm:ss", Turkish time), answered with status "success" and one row per sale (S) and refund (I)
 * made in it, "failed" when there is none, "error" with err_msg when the request is wrong. The rows carry the
 * document's fields (islem_tipi, net_tutar, kesinti_tutari, kesinti_orani, islem_tutari, odeme_tutari when more
 * was paid, islem_tarihi, para_birimi, taksit, kart_marka, kart_no, siparis_no, odeme_tipi). The document names
 * neither the list that holds the rows nor its error numbers: `data` and the words below are the simulator's.
 */

/** What PayTR keeps of a sale, in basis points: its document's example, 0.24 of 10.00 at 2.35%. */
const COMMISSION_BP = 235;
const MAX_WINDOW_MS = 3 * 24 * 60 * 60_000;

type Row = Record<string, string>;

function card(p: Payment) {
  const digits = p.maskedPan.replace(/\D/g, "");
  return {
    taksit: "0",
    kart_marka: "WORLD",
    // The document's example writes the masked number as "455359AAA6747".
    kart_no: digits.length >= 10 ? `${digits.slice(0, 6)}AAA${digits.slice(-4)}` : "",
    odeme_tipi: "KART",
  };
}

function saleRow(p: Payment): Row {
  const cut = Math.floor((p.amount * COMMISSION_BP + 5000) / 10000);
  return {
    islem_tipi: "S",
    net_tutar: reportAmount(p.amount - cut),
    kesinti_tutari: reportAmount(cut),
    kesinti_orani: "2.35",
    islem_tutari: reportAmount(p.amount),
    ...(p.interest > 0 ? { odeme_tutari: reportAmount(p.amount + p.interest) } : {}),
    islem_tarihi: reportDate(p.paidAt),
    para_birimi: "TL",
    ...card(p),
    siparis_no: p.oid,
  };
}

function refundRow(p: Payment, r: Payment["refunds"][number]): Row {
  return {
    islem_tipi: "I",
    net_tutar: reportAmount(r.amount),
    kesinti_tutari: "0.00",
    kesinti_orani: "0",
    islem_tutari: reportAmount(r.amount),
    islem_tarihi: reportDate(r.at),
    para_birimi: "TL",
    ...card(p),
    siparis_no: p.oid,
  };
}

export function transactionReport(state: PaytrState, f: Record<string, string>): Record<string, unknown> {
  const m = state.merchants.get(f.merchant_id ?? "");
  if (!m || !sameSignature(reportSignature(m, f.start_date ?? "", f.end_date ?? ""), f.paytr_token))
    return { status: "error", err_no: "003", err_msg: "paytr_token veya merchant_id gecersiz" };
  const start = turkishInstant(f.start_date);
  const end = turkishInstant(f.end_date);
  if (start === null || end === null)
    return { status: "error", err_no: "002", err_msg: "start_date ve end_date YYYY-MM-DD hh:mm:ss olmali" };
  if (end < start || end + 1000 - start > MAX_WINDOW_MS)
    return { status: "error", err_no: "002", err_msg: "Tarih araligi en fazla 3 gun olabilir" };
  const within = (at: Date) => at.getTime() >= start && at.getTime() < end + 1000;
  const rows: { at: number; row: Row }[] = [];
  for (const p of state.payments.values()) {
    if (p.merchantId !== m.merchantId || p.status !== "success") continue;
    if (within(p.paidAt)) rows.push({ at: p.paidAt.getTime(), row: saleRow(p) });
    for (const r of p.refunds) if (within(r.at)) rows.push({ at: r.at.getTime(), row: refundRow(p, r) });
  }
  if (rows.length === 0) return { status: "failed", err_msg: "ilgili tarih araliginda islem bulunamadi" };
  rows.sort((a, b) => a.at - b.at);
  return { status: "success", data: rows.map((r) => r.row) };
}
