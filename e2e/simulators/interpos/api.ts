import { decodeCharset, splitForm } from "../est-v3/wire";
import { bankDate, dotDecimalToMinor, transId, turkishMinor, type BankOrder, type Controls, type Shop } from "./state";
import { answer } from "./wire";

/**
 * Default.aspx, the API (SecureType NonSecure): StatusHistory, Void and Refund of a sale named by `orgOrderId`, the
 * API user's UserCode/UserPass and the ShopCode in the body. A wrong user answers 81 (mewebstudio's fixture: ErrorCode
 * B810002); an unknown order 05 (as LinkPara's client reads it). A void is whole and only before the end of day; a
 * refund only after it, at most what is left; both refused with 12 otherwise.
 */
export type ApiWorld = { shops: Map<string, Shop>; orders: Map<string, BankOrder>; controls: Controls };

/** What the API makes of a call: its answer text, and whether it was a void or refund (for the delay controls). */
export type ApiResult = { text: string; txnType: string };

const NO_DATE = "1.1.0001 00:00:00";

function failure(orderId: string, code: string, errorCode: string, message: string): string {
  return answer([
    ["OrderId", orderId],
    ["ProcReturnCode", code],
    ["HostRefNum", ""],
    ["AuthCode", ""],
    ["TxnResult", "Failed"],
    ["ErrorMessage", message],
    ["TRXDATE", ""],
    ["TransId", ""],
    ["ErrorCode", errorCode],
  ]);
}

function status(order: BankOrder): string {
  return answer([
    ["OrderId", order.orderId],
    ["ProcReturnCode", "00"],
    ["BatchNo", order.txnStatus === "S" ? "1" : ""],
    ["TransId", order.transId],
    ["TRXDATE", order.trxDate],
    ["TxnStat", order.txnStatus === "V" ? "V" : "N"],
    ["PurchAmount", turkishMinor(order.amountMinor)],
    ["VoidDate", order.voidDate || NO_DATE],
    ["TxnStatus", order.txnStatus],
    ["ChargeTypeCd", "S"],
    ["ErrorCode", ""],
    ["ErrorMessage", ""],
    ["RefundedAmount", order.refundedMinor === 0n ? "0" : turkishMinor(order.refundedMinor)],
    ["AuthCode", order.authCode],
  ]);
}

function done(order: BankOrder, id: string, minor: bigint): string {
  return answer([
    ["OrderId", order.orderId],
    ["ProcReturnCode", "00"],
    ["HostRefNum", id.slice(-12)],
    ["AuthCode", order.authCode],
    ["TxnResult", "Success"],
    ["ErrorMessage", ""],
    ["TRXDATE", bankDate()],
    ["TransId", id],
    ["ErrorCode", ""],
    ["Amount", turkishMinor(minor)],
  ]);
}

export function handleApi(world: ApiWorld, rawBody: string): ApiResult {
  const fields = Object.fromEntries(splitForm(rawBody).map(([n, v]) => [n, decodeCharset(v, "utf-8")]));
  const txnType = fields.TxnType ?? "";
  const orgOrderId = fields.orgOrderId ?? "";
  const shop = world.shops.get(fields.ShopCode ?? "");
  if (!shop || shop.userCode !== fields.UserCode || shop.userPass !== fields.UserPass)
    return { text: failure(orgOrderId, "81", "B810002", "Terminal Aktif Degil"), txnType };
  if (fields.SecureType !== "NonSecure")
    return { text: failure(orgOrderId, "99", "B990002", "Geçersiz SecureType"), txnType };
  const order = world.orders.get(`${shop.shopCode}/${orgOrderId}`);
  if (txnType === "StatusHistory")
    return { text: order ? status(order) : failure(orgOrderId, "05", "B050002", "Kayıt bulunamadı"), txnType };
  if (txnType !== "Void" && txnType !== "Refund")
    return { text: failure(orgOrderId, "99", "B990003", "Desteklenmeyen işlem tipi"), txnType };
  if (!order || order.txnStatus === "D")
    return { text: failure(orgOrderId, "05", "B050002", "Kayıt bulunamadı"), txnType };
  if (world.controls.refuseRefunds) return { text: failure(orgOrderId, "12", "B120001", "İşlem reddedildi"), txnType };
  if (order.txnStatus === "V")
    return { text: failure(orgOrderId, "12", "B120002", "İşlem zaten iptal edilmiş"), txnType };
  if (txnType === "Void") {
    if (order.txnStatus !== "C" || order.refundedMinor > 0n)
      return { text: failure(orgOrderId, "12", "B120003", "Gün sonu yapılmış işlem iptal edilemez"), txnType };
    const id = transId();
    Object.assign(order, { txnStatus: "V", voidDate: bankDate() });
    order.givenBack.push({ kind: "void", transId: id, amountMinor: order.amountMinor });
    return { text: done(order, id, order.amountMinor), txnType };
  }
  const minor = dotDecimalToMinor(fields.PurchAmount ?? "");
  if (minor === null || minor <= 0n || fields.Currency !== order.currency)
    return { text: failure(orgOrderId, "13", "B130001", "Geçersiz tutar"), txnType };
  if (order.txnStatus !== "S")
    return { text: failure(orgOrderId, "12", "B120004", "Gün sonu yapılmamış işlem iade edilemez"), txnType };
  if (minor > order.amountMinor - order.refundedMinor)
    return { text: failure(orgOrderId, "13", "B130002", "İade tutarı kalan tutarı aşıyor"), txnType };
  const id = transId();
  order.refundedMinor += minor;
  order.givenBack.push({ kind: "refund", transId: id, amountMinor: minor });
  return { text: done(order, id, minor), txnType };
}
