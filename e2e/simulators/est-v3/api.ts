import {
  bankId,
  decimalToMinor,
  estDate,
  historyTime,
  minorToDecimal,
  type BankOrder,
  type Controls,
  type Store,
} from "./state";
import { escapeHtml } from "./wire";

/**
 * The XML API (POST /fim/api): a <CC5Request> with Name/Password/ClientId, answered by a <CC5Response> in
 * ISO-8859-9. Supports the order status query (Extra ORDERSTATUS=QUERY: the order's sale), the order
 * history (Extra ORDERHISTORY=QUERY: each transaction of the order, refunds included, as TRX1..TRXn lines
 * in the layout of mewebstudio/pos's EstPos fixtures) and refunds (Type=Credit). The body is raw XML, or
 * the older `DATA=<xml>` form post some integrations still send.
 */
export type ApiWorld = {
  stores: Map<string, Store>;
  orders: Map<string, BankOrder>;
  controls: Controls;
  calls: { type: string; orderId: string }[];
};

function readRequest(body: string): Record<string, string> | null {
  let xml = body.trim();
  if (xml.startsWith("DATA=")) xml = decodeURIComponent(xml.slice(5).replace(/\+/g, " "));
  const root = /<CC5Request>([\s\S]*)<\/CC5Request>/.exec(xml);
  if (!root) return null;
  const out: Record<string, string> = {};
  for (const m of root[1]!.matchAll(/<(\w+)>([^<]*)<\/\1>/g)) {
    out[m[1]!] = m[2]!
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, "&");
  }
  return out;
}

function respond(fields: Record<string, string>, extra: Record<string, string>): string {
  const el = (n: string, v: string) => `<${n}>${escapeHtml(v)}</${n}>`;
  return `<?xml version="1.0" encoding="ISO-8859-9"?>\n<CC5Response>${Object.entries(fields)
    .map(([n, v]) => el(n, v))
    .join("")}<Extra>${Object.entries(extra)
    .map(([n, v]) => el(n, v))
    .join("")}</Extra></CC5Response>`;
}

export function handleApi(world: ApiWorld, body: string): string {
  const req = readRequest(body);
  if (!req)
    return respond({ Response: "Error", ProcReturnCode: "99", ErrMsg: "XML formatı hatalı" }, { NUMCODE: "99" });
  const store = world.stores.get(req.ClientId ?? "");
  if (!store || req.Name !== store.username || req.Password !== store.password) {
    return respond(
      {
        OrderId: req.OrderId ?? "",
        Response: "Error",
        ProcReturnCode: "99",
        ErrMsg: "Kullanıcı doğrulanamadı (authorization failed)",
      },
      { NUMCODE: "99" },
    );
  }
  const orderId = req.OrderId ?? "";
  const order = world.orders.get(`${store.clientId}/${orderId}`);
  if (req.ORDERSTATUS === "QUERY") {
    world.calls.push({ type: "ORDERSTATUS", orderId });
    return orderStatus(orderId, order);
  }
  if (req.ORDERHISTORY === "QUERY") {
    world.calls.push({ type: "ORDERHISTORY", orderId });
    return orderHistory(orderId, order);
  }
  if (req.Type === "Credit") {
    world.calls.push({ type: "Credit", orderId });
    return credit(world.controls, req, order);
  }
  return respond({ Response: "Error", ProcReturnCode: "99", ErrMsg: "Desteklenmeyen işlem tipi" }, { NUMCODE: "99" });
}

function orderStatus(orderId: string, order: BankOrder | undefined): string {
  if (!order) {
    return respond(
      {
        ErrMsg: `No record found for ${orderId}`,
        ProcReturnCode: "99",
        Response: "Declined",
        OrderId: "",
        TransId: "",
      },
      {
        NUMCODE: "0",
        ORDERSTATUS:
          "ORD_ID:\tCHARGE_TYPE_CD:\tORIG_TRANS_AMT:\tCAPTURE_AMT:\tTRANS_STAT:\tAUTH_DTTM:\tCAPTURE_DTTM:\tAUTH_CODE:",
      },
    );
  }
  const amount = order.amountMinor.toString();
  const extra: Record<string, string> = {
    AUTH_CODE: order.authCode,
    AUTH_DTTM: order.authAt,
    CAPTURE_AMT: "",
    CAPTURE_DTTM: "",
    CHARGE_TYPE_CD: "S",
    HOST_REF_NUM: order.hostRefNum,
    NUMCODE: "0",
    ORD_ID: order.oid,
    ORIG_TRANS_AMT: amount,
    PAN: order.maskedPan,
    PROC_RET_CD: order.procReturnCode,
    SETTLEID: "",
    TRANS_ID: order.transId,
    TRANS_STAT: order.state,
    MDSTATUS: order.mdStatus,
  };
  extra.ORDERSTATUS = `ORD_ID:${order.oid}\tCHARGE_TYPE_CD:S\tORIG_TRANS_AMT:${amount}\tCAPTURE_AMT:\tTRANS_STAT:${order.state}\tAUTH_DTTM:${order.authAt}\tCAPTURE_DTTM:\tAUTH_CODE:${order.authCode}\tTRANS_ID:${order.transId}`;
  return respond(
    {
      ErrMsg: `Record(s) found for ${order.oid}`,
      ProcReturnCode: "00",
      Response: "Approved",
      OrderId: order.oid,
      TransId: order.transId,
    },
    extra,
  );
}

/**
 * Each transaction of the order, newest first: "type\tstate\tamount\tcapture\tauth time\tcapture time\tvoid time\t
 * host ref\tauth code\tproc code\ttrans id", times in the bank's local time. A voided sale is its own line, state V.
 */
function orderHistory(orderId: string, order: BankOrder | undefined): string {
  if (!order)
    return respond(
      { ErrMsg: `No record found for ${orderId}`, ProcReturnCode: "99", Response: "Declined", OrderId: orderId },
      { NUMCODE: "0", TRXCOUNT: "0" },
    );
  const sale = [
    "S",
    order.state,
    order.amountMinor.toString(),
    "",
    order.authAt,
    "",
    order.voidAt,
    order.hostRefNum,
    order.authCode,
    order.procReturnCode,
    order.transId,
  ].join("\t");
  const credits = order.credits.map((c) =>
    [
      "C",
      c.state,
      c.amountMinor.toString(),
      c.amountMinor.toString(),
      c.at,
      c.at,
      "",
      c.hostRefNum,
      "",
      c.procReturnCode,
      c.transId,
    ].join("\t"),
  );
  const lines = [...credits.reverse(), sale];
  const extra: Record<string, string> = { NUMCODE: "0", TRXCOUNT: String(lines.length) };
  lines.forEach((line, i) => (extra[`TRX${i + 1}`] = line));
  return respond({ ErrMsg: "", ProcReturnCode: "00", Response: "Approved", OrderId: order.oid }, extra);
}

function credit(controls: Controls, req: Record<string, string>, order: BankOrder | undefined): string {
  const refused = (errMsg: string, errorCode?: string) => {
    const transId = bankId("R");
    order?.credits.push({
      transId,
      amountMinor: decimalToMinor(req.Total ?? "") ?? 0n,
      procReturnCode: "99",
      state: "D",
      hostRefNum: "",
      at: historyTime(),
    });
    return respond(
      {
        OrderId: req.OrderId ?? "",
        GroupId: req.OrderId ?? "",
        Response: "Error",
        AuthCode: "",
        HostRefNum: "",
        ProcReturnCode: "99",
        TransId: transId,
        ErrMsg: errMsg,
      },
      {
        SETTLEID: "",
        TRXDATE: estDate(),
        ...(errorCode ? { ERRORCODE: errorCode, NUMCODE: `99${errorCode.replace(/\D/g, "")}` } : { NUMCODE: "99" }),
      },
    );
  };
  // The published refusal of mewebstudio/pos's refund vectors: a sale not yet through end of day.
  if (controls.refuseRefunds) return refused("Iade yapilamaz, siparis gunsonuna girmemis.", "CORE-2508");
  if (!order || order.state !== "A") return refused("Iade edilecek satis bulunamadi.");
  const amount = decimalToMinor(req.Total ?? "");
  if (amount === null || amount <= 0n || order.refundedMinor + amount > order.amountMinor)
    return refused(
      `Iade tutari satis tutarini asiyor (${minorToDecimal(order.amountMinor - order.refundedMinor)} kaldi).`,
    );
  order.refundedMinor += amount;
  const transId = bankId("R");
  const hostRefNum = String(Date.now()).slice(-12);
  order.credits.push({ transId, amountMinor: amount, procReturnCode: "00", state: "C", hostRefNum, at: historyTime() });
  return respond(
    {
      OrderId: order.oid,
      GroupId: order.oid,
      Response: "Approved",
      AuthCode: order.authCode,
      HostRefNum: hostRefNum,
      ProcReturnCode: "00",
      TransId: transId,
      ErrMsg: "",
    },
    { SETTLEID: "", TRXDATE: estDate(), CARDBRAND: "VISA", NUMCODE: "00" },
  );
}
