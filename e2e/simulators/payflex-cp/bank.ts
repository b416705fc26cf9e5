import { createHash } from "node:crypto";
import {
  decimalToMinor,
  hostDate,
  leaf,
  minorToDecimal,
  payflexId,
  xml,
  type Merchant,
  type Registration,
  type Txn,
} from "./state";

/**
 * The bank's services, each answering what VakıfBank documents (as mewebstudio/pos records it): RegisterTransaction
 * and VposTransaction of the common payment (PayFlexCPV4Pos), Vposreq.aspx's Cancel and Refund and Search.aspx of the
 * virtual POS (PayFlexV4Pos). Written from those documents apart from the connector: they meet only on the wire.
 */
export type Bank = {
  merchants: Map<string, Merchant>;
  registrations: Map<string, Registration>;
  txns: Txn[];
  baseUrl: () => string;
};

export const CARDS = { approve: "4938460158754205", insufficientFunds: "4938460158750005" } as const;

const APPROVED = "0000";

function merchantOf(bank: Bank, id: string, password: string): Merchant | null {
  const m = bank.merchants.get(id);
  return m && m.password === password ? m : null;
}

/** HashedData as the bank checks it: base64(SHA-1(HostMerchantId AmountCode Amount MerchantPassword "" "VBank3DPay2014")). */
function hashOf(f: Record<string, string>): string {
  const text = `${f.HostMerchantId}${f.AmountCode}${f.Amount}${f.MerchantPassword}VBank3DPay2014`;
  return createHash("sha1").update(text, "utf8").digest("base64");
}

const registerAnswer = (fields: Record<string, string | null>) =>
  xml(
    "CommonPaymentRegisterResponse",
    ["CommonPaymentUrl", "PaymentToken", "ErrorCode", "ResponseMessage"].map((n) => [n, fields[n] ?? null]),
  );

export function register(bank: Bank, f: Record<string, string>): string {
  const merchant = merchantOf(bank, f.HostMerchantId ?? "", f.MerchantPassword ?? "");
  if (!merchant || merchant.terminalId !== f.HostTerminalId)
    return registerAnswer({ ErrorCode: "9039", ResponseMessage: "Üye işyeri bulunamadı." });
  if (f.HashedData && f.HashedData !== hashOf(f))
    return registerAnswer({ ErrorCode: "5007", ResponseMessage: "Güvenlik Numarası Hatalı" });
  const amountOk = /^\d{1,13}\.\d{2}$/.test(f.Amount ?? "");
  if (
    !amountOk ||
    f.AmountCode !== "949" ||
    !/^[A-Za-z0-9]{1,20}$/.test(f.OrderID ?? "") ||
    f.TransactionType !== "Sale"
  )
    return registerAnswer({ ErrorCode: "5029", ResponseMessage: "Geçersiz İstek" });
  if (!f.SuccessUrl || !f.FailUrl) return registerAnswer({ ErrorCode: "5029", ResponseMessage: "Geçersiz İstek" });
  const token = payflexId();
  bank.registrations.set(token, {
    token,
    merchant,
    orderId: f.OrderID!,
    amount: f.Amount!,
    amountCode: f.AmountCode,
    successUrl: f.SuccessUrl,
    failUrl: f.FailUrl,
    lang: f.RequestLanguage === "tr-TR" ? "tr" : "en",
    allowNotEnrolledCard: f.AllowNotEnrolledCard === "true",
  });
  return registerAnswer({ CommonPaymentUrl: `${bank.baseUrl()}/CommonPayment/SecurePayment`, PaymentToken: token });
}

function addTxn(
  bank: Bank,
  txn: Omit<Txn, "transactionId" | "hostDate" | "rrn" | "isCanceled" | "isRefunded" | "settled">,
): Txn {
  const full: Txn = {
    ...txn,
    transactionId: payflexId(),
    hostDate: hostDate(),
    rrn: String(Date.now()).slice(-12),
    isCanceled: false,
    isRefunded: false,
    settled: false,
  };
  bank.txns.push(full);
  return full;
}

/** The customer typed a card on the page: the page charges it through the virtual POS and sends the browser back. */
export function pay(bank: Bank, f: Record<string, string>): { location: string } | null {
  const reg = bank.registrations.get(f.Ptkn ?? "");
  if (!reg || reg.transactionId) return null;
  const pan = (f.pan ?? "").replace(/\D/g, "");
  const rc = pan === CARDS.approve ? APPROVED : pan === CARDS.insufficientFunds ? "0051" : "0014";
  const message = rc === APPROVED ? "İŞLEM BAŞARILI" : rc === "0051" ? "RED-YETERSİZ BAKİYE" : "RED-GEÇERSİZ KART";
  const sale = addTxn(bank, {
    merchantId: reg.merchant.merchantId,
    type: "Sale",
    orderId: reg.orderId,
    amountMinor: decimalToMinor(reg.amount)!,
    amountCode: reg.amountCode,
    resultCode: rc,
    message,
    authCode: rc === APPROVED ? String(100000 + (Date.now() % 900000)) : "000000",
    referenceTransactionId: "",
  });
  Object.assign(reg, {
    transactionId: sale.transactionId,
    rc,
    message,
    maskedPan: `${pan.slice(0, 8)}****${pan.slice(-4)}`,
  });
  const target = new URL(rc === APPROVED ? reg.successUrl : reg.failUrl);
  const back: [string, string][] = [
    ["Rc", rc],
    ["Message", message],
    ["TransactionId", sale.transactionId],
    ["PaymentToken", reg.token],
    ["MaskedPan", reg.maskedPan!],
  ];
  if (rc === APPROVED) back.splice(1, 0, ["AuthCode", sale.authCode]);
  for (const [name, value] of back) target.searchParams.append(name, value);
  return { location: target.toString() };
}

/** VposTransaction: the outcome of a page's transaction, to the merchant's credentials only. */
export function queryPayment(bank: Bank, f: Record<string, string>): string {
  const error = (code: string, message: string) =>
    xml("VposTransactionResponse", [
      ["ErrorCode", code],
      ["ResponseMessage", message],
    ]);
  const merchant = merchantOf(bank, f.HostMerchantId ?? "", f.Password ?? "");
  if (!merchant) return error("9039", "Üye işyeri bulunamadı.");
  const reg = bank.registrations.get(f.PaymentToken ?? "");
  if (!reg || reg.merchant !== merchant || !reg.transactionId || reg.transactionId !== f.TransactionId)
    return error("5005", "İşlem bulunamadı.");
  const sale = bank.txns.find((t) => t.transactionId === reg.transactionId)!;
  const common: [string, string | null][] = [
    ["Rc", sale.resultCode],
    ["AuthCode", sale.authCode],
    ["Rrn", sale.rrn],
    ["Message", sale.message],
    ["TransactionId", sale.transactionId],
    ["PaymentToken", reg.token],
    ["MaskedPan", reg.maskedPan ?? ""],
  ];
  if (sale.resultCode !== APPROVED) return xml("VposTransactionResponse", common);
  return xml("VposTransactionResponse", [
    ...common,
    ["HostMerchantId", merchant.merchantId],
    ["HostTerminalId", merchant.terminalId],
    ["AmountCode", sale.amountCode],
    ["Amount", minorToDecimal(sale.amountMinor).replace(".", ",")],
    ["TransactionType", "Sale"],
    ["OrderID", sale.orderId],
    ["InstallmentCount", ""],
    ["IsSecure", "True"],
    ["AllowNotEnrolledCard", reg.allowNotEnrolledCard ? "True" : "False"],
    ["SuccessUrl", reg.successUrl],
    ["FailUrl", reg.failUrl],
    ["RequestLanguage", reg.lang === "tr" ? "tr-TR" : "en-US"],
    ["HostDate", sale.hostDate],
    ["HostRc", null],
    ["ErrorCode", null],
    ["ResponseMessage", null],
  ]);
}

const vposAnswer = (fields: [string, string | null][]) => xml("VposResponse", fields);

/** Vposreq.aspx: Cancel (a void, the whole sale before end of day) and Refund (part or all of it). */
export function vpos(bank: Bank, doc: string, refuse: boolean): string {
  const merchant = merchantOf(bank, leaf(doc, "MerchantId"), leaf(doc, "Password"));
  const fail = (code: string, detail: string) =>
    vposAnswer([
      ["ResultCode", code],
      ["ResultDetail", detail],
      ["InstallmentTable", null],
    ]);
  if (!merchant) return fail("9039", "Üye işyeri bulunamadı.");
  const type = leaf(doc, "TransactionType");
  const sale = bank.txns.find(
    (t) =>
      t.transactionId === leaf(doc, "ReferenceTransactionId") &&
      t.merchantId === merchant.merchantId &&
      t.type === "Sale",
  );
  if (type !== "Cancel" && type !== "Refund") return fail("5029", "Geçersiz İstek");
  if (!sale || sale.resultCode !== APPROVED) return fail("1085", "Referans işlem bulunamadı.");
  // The simulator's refusal (a code of its own): the bank said no.
  if (refuse) return fail("9999", "İşlem reddedildi.");
  if (sale.isCanceled) return fail("1083", "Referans islem daha önceden iptal edilmis.");
  const refunded = refundedOf(bank, sale);
  let amountMinor = sale.amountMinor;
  if (type === "Cancel") {
    if (sale.settled) return fail("1086", "Gün sonu yapılmış işlem iptal edilemez.");
    if (refunded > 0n) return fail("1087", "İade yapılmış işlem iptal edilemez.");
    sale.isCanceled = true;
  } else {
    const asked = decimalToMinor(leaf(doc, "CurrencyAmount"));
    if (asked === null || asked <= 0n) return fail("5029", "Geçersiz İstek");
    if (refunded >= sale.amountMinor) return fail("1059", "İşlemin tamamı iade edilmiş.");
    if (asked > sale.amountMinor - refunded) return fail("1060", "İade tutarı kalan tutardan büyük.");
    amountMinor = asked;
    sale.isRefunded = refunded + asked === sale.amountMinor;
  }
  const txn = addTxn(bank, {
    merchantId: merchant.merchantId,
    type,
    orderId: sale.orderId,
    amountMinor,
    amountCode: sale.amountCode,
    resultCode: APPROVED,
    message: "İŞLEM BAŞARILI",
    authCode: sale.authCode,
    referenceTransactionId: sale.transactionId,
  });
  return vposAnswer([
    ["MerchantId", merchant.merchantId],
    ["TransactionType", type],
    ["TransactionId", txn.transactionId],
    ["ReferenceTransactionId", sale.transactionId],
    ["ResultCode", APPROVED],
    ["ResultDetail", "İŞLEM BAŞARILI"],
    ["InstallmentTable", null],
    ["AuthCode", txn.authCode],
    ["HostDate", txn.hostDate],
    ["Rrn", txn.rrn],
    ["TerminalNo", merchant.terminalId],
    ["CurrencyAmount", minorToDecimal(amountMinor)],
    ["CurrencyCode", sale.amountCode],
    ["BatchNo", "300"],
    ["TLAmount", minorToDecimal(amountMinor)],
  ]);
}

export function refundedOf(bank: Bank, sale: Txn): bigint {
  return bank.txns
    .filter((t) => t.type === "Refund" && t.referenceTransactionId === sale.transactionId && t.resultCode === APPROVED)
    .reduce((sum, t) => sum + t.amountMinor, 0n);
}

/** Search.aspx by OrderId (or TransactionId): the order's transactions, its sales, refunds and voids. */
export function search(bank: Bank, doc: string): string {
  const info = (status: string, code: string, message: string): [string, string][][] => [
    [
      ["Status", status],
      ["ResponseCode", code],
      ["ResponseMessage", message],
      ["ResponseDateTime", new Date().toISOString()],
      ["IsIdempotent", "false"],
    ],
  ];
  const merchant = merchantOf(bank, leaf(doc, "HostMerchantId"), leaf(doc, "MerchantPassword"));
  const responseInfo = (status: string, code: string, message: string) =>
    `<ResponseInfo>${info(status, code, message)[0]!
      .map(([n, v]) => `<${n}>${v}</${n}>`)
      .join("")}</ResponseInfo>`;
  if (!merchant)
    return `<?xml version="1.0" encoding="utf-8"?><SearchResponse>${responseInfo("Error", "9065", "Üye isyeri bulunamadi")}</SearchResponse>`;
  const orderId = leaf(doc, "OrderId");
  const transactionId = leaf(doc, "TransactionId");
  const found = bank.txns.filter(
    (t) =>
      t.merchantId === merchant.merchantId &&
      (transactionId ? t.transactionId === transactionId : t.orderId === orderId),
  );
  const items = found.map((t): [string, string][] => [
    ["MerchantId", t.merchantId],
    ["TransactionType", t.type],
    ["TransactionId", t.transactionId],
    ["ReferenceTransactionId", t.referenceTransactionId],
    ["OrderId", t.orderId],
    ["ResultCode", t.resultCode],
    ["ResponseMessage", t.message],
    ["HostResultCode", t.resultCode.slice(1)],
    ["AuthCode", t.authCode],
    ["HostDate", t.hostDate],
    ["Rrn", t.rrn],
    ["CurrencyAmount", minorToDecimal(t.amountMinor)],
    ["AmountCode", t.amountCode],
    ["CurrencyCode", ""],
    ["ThreeDSecureType", "2"],
    ["IsReversed", "false"],
    ["IsCanceled", String(t.isCanceled)],
    ["IsRefunded", String(t.isRefunded)],
  ]);
  const list = xml("x", [["TransactionSearchResultInfo", items]]).replace(/^.*?<x>|<\/x>$/g, "");
  return (
    `<?xml version="1.0" encoding="utf-8"?><SearchResponse>${responseInfo("Success", APPROVED, "Succeeded.")}` +
    `<PageIndex>1</PageIndex><PageSize>${Math.max(10, items.length)}</PageSize><TotalItemCount>${items.length}</TotalItemCount>${list}</SearchResponse>`
  );
}
