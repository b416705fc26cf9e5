import { approvedSale, retrefNum, type BankOrder, type Controls, type Terminal, type Txn } from "./state";
import { listLines } from "./order-list";
import { minorToDecimal, readRequest, requestHash, writeResponse, type XmlValue } from "./wire";

/**
 * GVP's XML API (POST /VPServlet): a <GVPSRequest> whose Terminal/HashData is signed with the calling
 * provision user's password, answered by a <GVPSResponse>. Supports orderhistoryinq (the order's sale,
 * voids and refunds), void (the day's sale, before end of day) and refund (of a settled sale, up to what is
 * left), the latter two from the refund user only. The refusals for an unsettled refund (92/0208) and an
 * unknown order (92/0108) are GVP's published ones; the other reason codes (0206 user, 0651 hash, 0209 already
 * voided, 0210 settled, 0214 over-refund, 0999 closed) are the simulator's own.
 */
export type ApiWorld = {
  terminals: Map<string, Terminal>;
  orders: Map<string, BankOrder>;
  controls: Controls;
  calls: { type: string; orderId: string; user: string }[];
};

type Answer = {
  code: string;
  reason?: string;
  message?: string;
  error?: string;
  retref?: string;
  authCode?: string;
  order?: Record<string, XmlValue>;
};

function answer(req: Map<string, string>, a: Answer): string {
  const approved = a.code === "00";
  return writeResponse({
    Mode: "",
    Terminal: {
      ProvUserID: req.get("Terminal.ProvUserID") ?? "",
      UserID: req.get("Terminal.UserID") ?? "",
      ID: req.get("Terminal.ID") ?? "",
      MerchantID: req.get("Terminal.MerchantID") ?? "",
    },
    Customer: { IPAddress: req.get("Customer.IPAddress") ?? "", EmailAddress: req.get("Customer.EmailAddress") ?? "" },
    Order: { OrderID: req.get("Order.OrderID") ?? "", GroupID: "", ...(a.order ?? {}) },
    Transaction: {
      Response: {
        Source: a.reason ? "GVPS" : "HOST",
        Code: a.code,
        ReasonCode: a.reason ?? a.code,
        Message: approved ? "Approved" : "Declined",
        ErrorMsg: a.error ?? "",
        SysErrMsg: a.reason ? `ErrorId: ${a.reason}` : "",
      },
      RetrefNum: a.retref ?? "",
      AuthCode: a.authCode ?? "",
      BatchNum: "",
      SequenceNum: "",
      ProvDate: new Date()
        .toISOString()
        .replace(/[-:T]/g, "")
        .slice(0, 14)
        .replace(/^(\d{8})(\d{2})(\d{2})(\d{2})$/, "$1 $2:$3:$4"),
      CardNumberMasked: "",
      CardHolderName: "",
      CardType: "",
      HashData: "",
      HostMsgList: "",
    },
  });
}

const refuse = (req: Map<string, string>, reason: string, error: string) => answer(req, { code: "92", reason, error });

export function handleApi(world: ApiWorld, body: string): string {
  const req = readRequest(body);
  if (!req)
    return writeResponse({
      Transaction: {
        Response: {
          Source: "GVPS",
          Code: "92",
          ReasonCode: "0001",
          Message: "Declined",
          ErrorMsg: "XML formatı hatalı",
        },
      },
    });
  const terminal = world.terminals.get(req.get("Terminal.ID") ?? "");
  const user = req.get("Terminal.ProvUserID") ?? "";
  const password = terminal?.users[user];
  const orderId = req.get("Order.OrderID") ?? "";
  const type = req.get("Transaction.Type") ?? "";
  world.calls.push({ type, orderId, user });
  if (!terminal || !password || terminal.merchantId !== req.get("Terminal.MerchantID"))
    return refuse(req, "0206", "Üye işyeri ya da kullanıcı bulunamadı");
  const hash = requestHash(
    orderId,
    terminal.terminalId,
    req.get("Card.Number") ?? "",
    req.get("Transaction.Amount") ?? "",
    req.get("Transaction.CurrencyCode") ?? "",
    password,
  );
  if (hash !== (req.get("Terminal.HashData") ?? "").toUpperCase()) return refuse(req, "0651", "Hash doğrulanamadı");
  if (type === "orderlistinq") return orderList(req, world, terminal.terminalId);
  const order = world.orders.get(`${terminal.terminalId}/${orderId}`);
  if (type === "orderhistoryinq") return history(req, order, world.controls.settledMark);
  if (type === "void" || type === "refund") {
    if (!terminal.refundUsers.includes(user)) return refuse(req, "0206", "Bu işlem için iade kullanıcısı gerekir");
    if (world.controls.refuseRefunds) return refuse(req, "0999", "İşlem şu anda yapılamıyor (gün sonu)");
    const sale = approvedSale(order);
    if (!order || !sale) return refuse(req, "0108", "Gönderilen sipariş numarasına ait kayıt bulunmamaktadır");
    const original = req.get("Transaction.OriginalRetrefNum");
    if (original && original !== sale.retrefNum)
      return refuse(req, "0208", "İade etmek istediğiniz işlem geçerli değil");
    return type === "void" ? voidSale(req, order, sale) : refundSale(req, order, sale);
  }
  return refuse(req, "0002", "Desteklenmeyen işlem tipi");
}

function history(req: Map<string, string>, order: BankOrder | undefined, settledMark: string): string {
  if (!order || order.txns.length === 0)
    return answer(req, {
      code: "92",
      reason: "0108",
      error: "Gönderilen sipariş numarasına ait kayıt bulunmamaktadır",
      order: { OrderHistInqResult: { OrderTxnList: "" } },
    });
  const txns = order.txns.map((t) => ({
    Type: t.type,
    Status: t.status,
    PreAuthAmount: "0",
    AuthAmount: t.amountMinor.toString(),
    PreAuthDate: "",
    AuthDate: t.authDate,
    VoidDate: t.voidDate,
    RetrefNum: t.retrefNum,
    AuthCode: t.authCode,
    ReturnCode: t.returnCode,
    BatchNum: "5562",
    InstallmentCnt: "0",
    CurrencyCode: t.status === "00" ? t.currencyCode : "0",
    Settlement: t.settled ? settledMark : "N",
  }));
  return answer(req, { code: "00", order: { OrderHistInqResult: { OrderTxnList: { OrderTxn: txns } } } });
}

function voidSale(req: Map<string, string>, order: BankOrder, sale: Txn): string {
  if (sale.voidDate) return refuse(req, "0209", "İşlem daha önce iptal edilmiş");
  if (sale.settled) return refuse(req, "0210", "Gün sonu yapılmış işlem iptal edilemez, iade yapınız");
  sale.voidDate = sale.authDate;
  const ref = retrefNum();
  order.txns.push({
    ...sale,
    type: "void",
    status: "00",
    returnCode: "00",
    retrefNum: ref,
    voidDate: "",
    at: new Date(),
    origRetrefNum: sale.retrefNum,
  });
  return answer(req, { code: "00", retref: ref, authCode: sale.authCode });
}

function refundSale(req: Map<string, string>, order: BankOrder, sale: Txn): string {
  // A sale not yet settled cannot be refunded, only voided (GVP's published refusal of a same-day refund).
  if (!sale.settled || sale.voidDate) return refuse(req, "0208", "İade etmek istediğiniz işlem geçerli değil");
  const asked = /^\d{1,12}$/.test(req.get("Transaction.Amount") ?? "") ? BigInt(req.get("Transaction.Amount")!) : 0n;
  const refunded = order.txns
    .filter((t) => t.type === "refund" && t.status === "00")
    .reduce((sum, t) => sum + t.amountMinor, 0n);
  if (asked <= 0n || refunded + asked > sale.amountMinor)
    return refuse(
      req,
      "0214",
      `İade tutarı satış tutarını aşıyor (${minorToDecimal(sale.amountMinor - refunded)} kaldı)`,
    );
  const ref = retrefNum();
  order.txns.push({
    ...sale,
    type: "refund",
    status: "00",
    returnCode: "00",
    amountMinor: asked,
    retrefNum: ref,
    authCode: "",
    voidDate: "",
    settled: false,
    at: new Date(),
    origRetrefNum: sale.retrefNum,
  });
  return answer(req, { code: "00", retref: ref });
}

/**
 * orderlistinq: Customer/IPAddress is mandatory (GVP's published 92/0002 when empty); StartDate and EndDate are
 * dd/MM/yyyy HH:mm, at most 30 days apart (the simulator's own 0002 otherwise); Order/ListPageNum from 1.
 */
function orderList(req: Map<string, string>, world: ApiWorld, terminalId: string): string {
  if (!req.get("Customer.IPAddress"))
    return refuse(req, "0002", "Giriş yaptığınız işlem tipi için zorunlu alanları kontrol ediniz");
  const page = Number(req.get("Order.ListPageNum") || "1");
  const listed = listLines(
    [...world.orders.values()].filter((o) => o.terminalId === terminalId),
    req.get("Order.StartDate") ?? "",
    req.get("Order.EndDate") ?? "",
  );
  if (!listed || !Number.isInteger(page) || page < 1)
    return refuse(req, "0002", "Giriş yaptığınız işlem tipi için zorunlu alanları kontrol ediniz");
  const size = world.controls.listPageSize;
  const pages = Math.ceil(listed.length / size);
  return answer(req, {
    code: "00",
    order: {
      OrderListInqResult: {
        OrderTxnList: {
          TotalTxnCount: String(listed.length),
          TotalPageCount: String(pages),
          ActPageNum: String(page),
          OrderTxn: listed.slice((page - 1) * size, page * size),
        },
      },
    },
  });
}
