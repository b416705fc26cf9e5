import { randomBytes } from "node:crypto";
import {
  approvedSale,
  dottedDatetime,
  hostRef,
  insertDatetime,
  lira,
  parseLira,
  reqDate,
  requestGuid,
  type BankOrder,
  type Controls,
  type Merchant,
  type Txn,
} from "./state";
import { historyReport, payforResponse, readRequest } from "./wire";

/**
 * PayFor's XMLGate (POST /Gateway/XMLGate.aspx): the order inquiry (SecureType Inquiry, TxnType OrderInquiry), the
 * history of an order or a day (SecureType Report, TxnType TxnHistory with OrderId or ReqDate), Void and Refund
 * (SecureType NonSecure), each answered as mewebstudio/pos's fixtures show PayFor answering. A refund in the sale's
 * own batch is refused with V014 (and listed, failed), a void of a closed batch with V015.
 */
export type ApiWorld = {
  merchants: Map<string, Merchant>;
  orders: Map<string, BankOrder>;
  controls: Controls;
  calls: { txnType: string; orderId: string }[];
};

const NOT_FOUND = "Seçili İşlem Bulunamadı!";

/** The fields of one PaymentRequest as the inquiry and the history write them. */
function txnFields(t: Txn, merchant: Merchant): [string, string][] {
  return [
    ["RequestGuid", t.requestGuid],
    ["InsertDatetime", insertDatetime(t.at)],
    ["MbrId", merchant.mbrId],
    ["MerchantID", merchant.merchantId],
    ["OrderId", t.orderId],
    ["SecureType", t.secureType],
    ["PurchAmount", lira(t.amountMinor)],
    ["TxnAmount", lira(t.amountMinor)],
    ["Exponent", "2"],
    ["Currency", t.currency],
    ["UserCode", merchant.username],
    ["TerminalID", merchant.terminalId],
    ["TxnType", t.type],
    ["OrgOrderId", t.orgOrderId],
    ["InstallmentCount", t.installments],
    ["AlphaCode", "TL"],
    ["MrcName", merchant.name],
    ["CardHolderName", t.cardHolder],
    ["TxnStatus", t.txnStatus],
    ["ErrMsg", t.errMsg],
    ["D3Stat", t.threeDStatus === "1" ? "Y" : ""],
    ["TxnResult", t.txnResult],
    ["AuthCode", t.authCode],
    ["HostRefNum", ""],
    ["ProcReturnCode", t.code],
    ["BatchNo", String(t.batchNo)],
    ["VoidDate", t.voidDate],
    ["CardMask", t.cardMask],
    ["ReqDate", t.reqDate],
    ["SysDate", t.reqDate],
    ["F37", t.hostRef],
    ["F37_ORG", t.orgHostRef],
  ];
}

function inquiryEcho(merchant: Merchant, orderId: string, code: string, message: string): [string, string][] {
  return [
    ["RequestGuid", "0"],
    ["InsertDatetime", "1.01.0001 00:00:00"],
    ["MbrId", merchant.mbrId],
    ["MerchantID", merchant.merchantId],
    ["OrderId", orderId],
    ["SecureType", "Inquiry"],
    ["PurchAmount", ""],
    ["Currency", "949"],
    ["TxnType", "OrderInquiry"],
    ["OrgOrderId", orderId],
    ["ErrMsg", message],
    ["TxnResult", ""],
    ["AuthCode", ""],
    ["HostRefNum", ""],
    ["ProcReturnCode", code],
  ];
}

function historyEcho(merchant: Merchant, id: string, code: string, message: string): string {
  return historyReport([
    {
      fields: [
        ["RequestGuid", "0"],
        ["status", "0"],
        ["InsertDatetime", "0001-01-01T00:00:00"],
        ["MbrId", merchant.mbrId],
        ["MerchantID", merchant.merchantId],
        ["OrderId", id],
        ["SecureType", "Report"],
        ["TxnAmount", "0"],
        ["Currency", "949"],
        ["TxnType", "TxnHistory"],
        ["OrgOrderId", id],
        ["ErrMsg", message],
        ["TxnResult", "Failed"],
        ["ProcReturnCode", code],
      ],
      extra: [["PAYFORFROMXMLREQUEST", "1"]],
    },
  ]);
}

function history(merchant: Merchant, txns: Txn[]): string {
  return historyReport(
    txns.map((t) => ({
      fields: txnFields(t, merchant),
      extra: [
        ["IsBatchClosed", t.batchClosed ? "True" : "False"],
        ["SettlementDate", ""],
      ],
    })),
  );
}

export function handleApi(world: ApiWorld, xml: string): string {
  const req = readRequest(xml);
  const get = (name: string) => req?.get(name) ?? "";
  const merchant = world.merchants.get(get("MerchantId"));
  const txnType = get("TxnType");
  const orderId = get("OrgOrderId") || get("OrderId");
  world.calls.push({ txnType, orderId });
  const fallback = merchant ?? ({ mbrId: get("MbrId"), merchantId: get("MerchantId") } as Merchant);
  const authorised =
    merchant &&
    merchant.mbrId === get("MbrId") &&
    merchant.username === get("UserCode") &&
    merchant.password === get("UserPass");
  if (!req || !authorised) {
    const message = "Kullanıcı adı veya şifre hatalı";
    if (txnType === "TxnHistory") return historyEcho(fallback, orderId, "V004", message);
    return payforResponse(inquiryEcho(fallback, orderId, "V004", message));
  }
  const order = world.orders.get(`${merchant.merchantId}/${orderId}`);

  if (txnType === "OrderInquiry" && get("SecureType") === "Inquiry") {
    const sale = approvedSale(order) ?? order?.txns.filter((t) => t.type === "Auth").at(-1);
    if (!sale) return payforResponse(inquiryEcho(merchant, orderId, "V013", NOT_FOUND));
    const refunded = order!.txns
      .filter((t) => t.type === "Refund" && t.code === "00")
      .reduce((s, t) => s + t.amountMinor, 0n);
    return payforResponse([
      ...txnFields(sale, merchant).map(([n, v]): [string, string] =>
        n === "InsertDatetime" ? [n, dottedDatetime(sale.at)] : n === "HostRefNum" ? [n, sale.hostRef] : [n, v],
      ),
      ["RefundedAmount", lira(refunded)],
      ["IsVoided", sale.voidDate ? "true" : "false"],
      ["IsRefunded", refunded > 0n && refunded >= sale.amountMinor ? "true" : "false"],
      ["TrxDate", dottedDatetime(sale.at).slice(0, 16)],
      ["ReturnMessage", sale.errMsg],
    ]);
  }

  if (txnType === "TxnHistory" && get("SecureType") === "Report") {
    if (get("OrderId")) {
      if (!order || order.txns.length === 0) return historyEcho(merchant, orderId, "V013", NOT_FOUND);
      return history(merchant, order.txns);
    }
    const day = get("ReqDate");
    const txns = [...world.orders.values()]
      .filter((o) => o.merchantId === merchant.merchantId)
      .flatMap((o) => o.txns)
      .filter((t) => t.reqDate === day)
      .sort((a, b) => a.at.getTime() - b.at.getTime());
    if (!/^\d{8}$/.test(day) || txns.length === 0) return historyEcho(merchant, "", "V013", NOT_FOUND);
    return history(merchant, txns);
  }

  if ((txnType === "Void" || txnType === "Refund") && get("SecureType") === "NonSecure")
    return payforResponse(giveBack(world, merchant, order, txnType, get));

  return payforResponse(inquiryEcho(merchant, orderId, "V015", "Geçersiz işlem tipi"));
}

function giveBack(
  world: ApiWorld,
  merchant: Merchant,
  order: BankOrder | undefined,
  type: "Void" | "Refund",
  get: (name: string) => string,
): [string, string][] {
  const orderId = get("OrgOrderId");
  const answer = (code: string, message: string, t?: Txn): [string, string][] => [
    ["AuthCode", t?.authCode ?? ""],
    ["HostRefNum", t?.hostRef ?? ""],
    ["ProcReturnCode", code],
    ["TransId", orderId],
    ["ErrMsg", message],
    ["CardHolderName", ""],
  ];
  const sale = approvedSale(order);
  if (!order || !sale) return answer("V013", NOT_FOUND);
  if (get("Currency") !== sale.currency) return answer("V015", "Para birimi hatalı");
  const refunded = order.txns
    .filter((t) => t.type === "Refund" && t.code === "00")
    .reduce((s, t) => s + t.amountMinor, 0n);
  const amount = type === "Void" ? sale.amountMinor : parseLira(get("PurchAmount"));
  const line = (code: string, message: string): Txn => {
    const t: Txn = {
      ...sale,
      requestGuid: requestGuid(),
      type,
      orgOrderId: sale.orderId,
      secureType: "NonSecure",
      code,
      errMsg: message,
      amountMinor: amount ?? 0n,
      hostRef: hostRef(),
      orgHostRef: sale.hostRef,
      authCode: code === "00" ? `S${String(10000 + (randomBytes(3).readUIntBE(0, 3) % 90000))}` : "",
      txnStatus: code === "00" ? "Y" : "N",
      txnResult: code === "00" ? "Success" : "Failed",
      voidDate: "",
      reqDate: reqDate(),
      at: new Date(),
      batchNo: world.controls.batchNo,
      batchClosed: false,
    };
    order.txns.push(t);
    return t;
  };
  if (world.controls.refuseRefunds) return answer("V015", "İşlem reddedildi", line("V015", "İşlem reddedildi"));
  if (sale.voidDate) return answer("V015", "İşlem daha önce iptal edilmiş");
  if (type === "Void") {
    if (sale.batchClosed) return answer("V015", "Gün sonu yapılmış işlem iptal edilemez, iade yapınız");
    if (refunded > 0n) return answer("V015", "İadesi olan işlem iptal edilemez");
    sale.voidDate = reqDate();
    sale.txnStatus = "V";
    const t = line("00", "Onaylandı");
    return answer("00", "Onaylandı", t);
  }
  if (amount === null || amount === 0n) return answer("M012", "Tutar hatalı");
  if (!sale.batchClosed) {
    const t = line("V014", "Bu işlem geri alınamaz, lütfen asıl işlemi iptal edin.");
    return answer("V014", t.errMsg, t);
  }
  if (amount > sale.amountMinor - refunded) return answer("M012", "İade tutarı satış tutarını aşıyor");
  const t = line("00", "Onaylandı");
  return answer("00", "Onaylandı", t);
}
