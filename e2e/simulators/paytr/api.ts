import type { PaytrState } from "./state";
import { inquiryAmount, refundSignature, sameSignature, statusSignature, tokenSignature, type Merchant } from "./wire";

/**
 * PayTR's three API calls as its documents describe them: form-encoded POSTs answered with JSON. The error
 * numbers and words for refunds follow PayTR's error-code table ("PayTR Hata Kodları": 004 token, 005 no
 * successful payment, 009 more than is left, 010 net balance); those of get-token and the status inquiry are
 * the simulator's own (PayTR's pages do not list them; the connector depends on none of them).
 */

export type ApiContext = { state: PaytrState; baseUrl: string; refuseRefunds: boolean; frameLifetimeMs: number };
type Answer = Record<string, unknown>;

const ALNUM_64 = /^[A-Za-z0-9]{1,64}$/;

function merchantOf(
  ctx: ApiContext,
  f: Record<string, string>,
): (Merchant & { notificationUrl: string | null }) | undefined {
  return ctx.state.merchants.get(f.merchant_id ?? "");
}

export function getToken(ctx: ApiContext, f: Record<string, string>): Answer {
  const m = merchantOf(ctx, f);
  if (!m) return { status: "failed", reason: "merchant_id gecersiz" };
  if (!sameSignature(tokenSignature(m, f), f.paytr_token)) return { status: "failed", reason: "paytr_token gecersiz" };
  const missing = [
    "user_ip",
    "merchant_oid",
    "email",
    "payment_amount",
    "user_basket",
    "no_installment",
    "max_installment",
    "merchant_ok_url",
    "merchant_fail_url",
    "user_name",
    "user_address",
    "user_phone",
  ].find((k) => !f[k]);
  if (missing) return { status: "failed", reason: `${missing} eksik` };
  if (!ALNUM_64.test(f.merchant_oid!))
    return { status: "failed", reason: "merchant_oid alfanumerik olmali (en fazla 64)" };
  if (!/^[1-9]\d{0,11}$/.test(f.payment_amount!))
    return { status: "failed", reason: "payment_amount 100 ile carpilmis tam sayi olmali" };
  try {
    const basket = JSON.parse(Buffer.from(f.user_basket!, "base64").toString("utf8")) as unknown;
    if (!Array.isArray(basket) || basket.length === 0) throw new Error("empty");
  } catch {
    return { status: "failed", reason: "user_basket gecersiz" };
  }
  if (ctx.state.payment(m.merchantId, f.merchant_oid!)?.status === "success")
    return { status: "failed", reason: "Bu merchant_oid ile daha once odeme alindi" };
  const minutes = Math.max(1, Number(f.timeout_limit) || 30);
  const frame = ctx.state.newFrame({
    merchant: m,
    oid: f.merchant_oid!,
    amount: Number(f.payment_amount),
    email: f.email!,
    okUrl: f.merchant_ok_url!,
    failUrl: f.merchant_fail_url!,
    lang: f.lang === "en" ? "en" : "tr",
    testMode: f.test_mode === "1",
    currency: f.currency || "TL",
    expiresAt: Date.now() + Math.min(minutes * 60_000, ctx.frameLifetimeMs),
  });
  return { status: "success", token: frame.token };
}

export function statusInquiry(ctx: ApiContext, f: Record<string, string>): Answer {
  const m = merchantOf(ctx, f);
  if (!m || !sameSignature(statusSignature(m, f.merchant_oid ?? ""), f.paytr_token))
    return { status: "error", err_no: "003", err_msg: "paytr_token veya merchant_id gecersiz" };
  const p = ctx.state.payment(m.merchantId, f.merchant_oid ?? "");
  if (!p || p.status !== "success")
    return { status: "error", err_no: "005", err_msg: "merchant_oid ile basarili odeme bulunamadi" };
  const returned = p.refunds.reduce((sum, r) => sum + r.amount, 0);
  return {
    status: "success",
    payment_amount: inquiryAmount(p.amount),
    payment_total: inquiryAmount(p.amount + p.interest),
    payment_date: p.paidAt.toISOString().slice(0, 19).replace("T", " "),
    currency: "TL",
    taksit: "0",
    kart_marka: "",
    masked_pan: p.maskedPan,
    odeme_tipi: "KART",
    test_mode: p.testMode ? "1" : "0",
    net_tutar: inquiryAmount(Math.max(0, p.amount - returned)),
    kesinti_tutari: "0",
    returns: p.refunds.map((r) => ({
      return_amount: inquiryAmount(r.amount),
      return_date: r.at.toISOString().slice(0, 19).replace("T", " "),
      reference_no: r.referenceNo,
    })),
  };
}

export function refund(ctx: ApiContext, f: Record<string, string>): Answer {
  const m = merchantOf(ctx, f);
  if (!m) return { status: "error", err_no: "001", err_msg: "Gecersiz istek veya magaza aktif degil" };
  const amount = f.return_amount ?? "";
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(amount))
    return { status: "error", err_no: "003", err_msg: "return_amount gecersiz" };
  if (!sameSignature(refundSignature(m, f.merchant_oid ?? "", amount), f.paytr_token))
    return { status: "error", err_no: "004", err_msg: "paytr_token hatali" };
  const p = ctx.state.payment(m.merchantId, f.merchant_oid ?? "");
  if (!p || p.status !== "success") return { status: "error", err_no: "005", err_msg: "Basarili odeme bulunamadi" };
  if (ctx.refuseRefunds) return { status: "error", err_no: "010", err_msg: "Net bakiye iade icin yetersiz" };
  const kurus = Math.round(Number(amount) * 100);
  const left = p.amount - p.refunds.reduce((sum, r) => sum + r.amount, 0);
  if (kurus <= 0 || kurus > left)
    return { status: "error", err_no: "009", err_msg: "Iade tutari odeme tutarindan fazla" };
  p.refunds.push({ amount: kurus, referenceNo: f.reference_no ?? "", at: new Date() });
  return { status: "success", is_test: p.testMode ? "1" : "0", merchant_oid: p.oid, return_amount: amount };
}
