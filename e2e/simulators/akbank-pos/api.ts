import {
  approvedSale,
  authCode,
  bankGuid,
  minorToNumber,
  refundedOf,
  rrn,
  type BankOrder,
  type Controls,
  type Terminal,
  type Txn,
} from "./state";
import { localTime, packHistory, parseLocalTime, sign } from "./wire";

/**
 * Akbank's JSON API (POST /api/v1/payment/virtualpos/transaction/process and .../portal/report/transaction), each
 * request signed by the `auth-hash` header (HMAC-SHA512 of the body, Base64). Supports the order history (1010),
 * cancel (1003: the whole sale, before the end of day), refund (1002: of a settled sale, up to what is left) and the
 * date-range history (at most a day, data gzipped in Base64). VPS-1007, 1008, 1013, 1073, 1123, 2229 and 2235 are
 * Akbank's published codes; VPS-1020 (signature), 1099 (closed for refunds), 1150 (settled: refund instead), 1151
 * (not settled: cancel instead), 1152 (more than left) and 1153 (a malformed request) are the simulator's own.
 */
export type ApiWorld = {
  terminals: Map<string, Terminal>;
  orders: Map<string, BankOrder>;
  controls: Controls;
  calls: { path: string; txnCode: string; orderId: string }[];
};

type Json = Record<string, unknown>;
export type ApiAnswer = { status: number; body: string };

const answer = (body: Json, status = 200): ApiAnswer => ({ status, body: JSON.stringify(body) });

function reply(req: Json, code: string, message: string, extra: Json = {}): ApiAnswer {
  const terminal = req.terminal as Json | undefined;
  return answer({
    txnCode: req.txnCode ?? "",
    responseCode: code,
    responseMessage: message,
    ...(code === "VPS-0000" && req.txnCode !== "1010"
      ? { hostResponseCode: "00", hostMessage: `000 ONAY KODU ${String(extra.auth ?? "")}`.trim() }
      : {}),
    txnDateTime: localTime(new Date()),
    terminal: { merchantSafeId: terminal?.merchantSafeId ?? "", terminalSafeId: terminal?.terminalSafeId ?? "" },
    ...Object.fromEntries(Object.entries(extra).filter(([k]) => k !== "auth")),
  });
}

/** The order history's line, as mewebstudio/pos's fixtures show it. */
function historyLine(t: Txn): Json {
  return {
    amount: minorToNumber(t.amountMinor),
    ...(t.responseCode === "VPS-0000" ? { authCode: t.authCode } : {}),
    hostResponseCode: t.hostResponseCode,
    orderId: t.orderId,
    settlementId: "ca0fff81-1379-4e8f-a86c-d505b4eb441c",
    maskedCardNumber: t.maskedCardNumber,
    txnDateTime: localTime(t.at),
    responseCode: t.responseCode,
    rrn: t.rrn,
    installCount: 1,
    txnCode: t.txnCode,
    txnStatus: t.status === "T" ? "V" : t.status,
    hostMessage: t.hostMessage,
    orgOrderId: t.orgOrderId,
    responseMessage: t.responseMessage,
    currencyCode: t.currencyCode,
    batchNumber: t.batchNumber,
  };
}

/** The date-range history's line: the same with the state in words. */
function listLine(t: Txn): Json {
  const ok = t.responseCode === "VPS-0000";
  const words = !ok ? "Başarısız" : t.status === "V" ? "İptal" : t.status === "T" ? "Teknik İptal" : "Başarılı";
  return {
    ...historyLine(t),
    txnStatus: words,
    hostResponseMessage: t.hostMessage,
    currencyLabel: "TRY",
    installmentCount: 1,
    installmentLabel: "Peşin",
  };
}

export function handleProcess(world: ApiWorld, body: string, authHash: string): ApiAnswer {
  const req = parse(body);
  if (!req) return answer({ code: "VPS-1153", message: "Geçersiz istek" }, 400);
  const terminal = terminalOf(world, req);
  if (!terminal || sign(body, terminal.secretKey) !== authHash)
    return reply(req, "VPS-1020", "Hash doğrulanamadı / auth-hash does not match");
  const order = (req.order as Json | undefined)?.orderId;
  world.calls.push({ path: "process", txnCode: String(req.txnCode), orderId: String(order ?? "") });
  const sent = typeof req.requestDateTime === "string" ? parseLocalTime(req.requestDateTime) : null;
  if (req.version !== "1.00" || typeof req.randomNumber !== "string" || !/^[0-9A-Fa-f]{128}$/.test(req.randomNumber))
    return answer({ code: "VPS-1153", message: "Eksik ya da hatalı alan" }, 400);
  if (!sent || Math.abs(sent.getTime() - Date.now()) > 3600_000)
    return reply(req, "VPS-1073", "Geçerli talep tarihi giriniz.");
  if (typeof order !== "string" || order === "") return answer({ code: "VPS-1153", message: "orderId zorunlu" }, 400);
  const bankOrder = world.orders.get(`${terminal.terminalSafeId}/${order}`);
  const txnCode = String(req.txnCode);
  if (txnCode === "1010") {
    const lines = bankOrder?.txns ?? [];
    if (lines.length === 0) return reply(req, "VPS-1123", `İşlem bulunamadı. Sipariş Numarası : ${order}`);
    return reply(req, "VPS-0000", "BAŞARILI", { txnDetailList: lines.map(historyLine) });
  }
  if (txnCode !== "1002" && txnCode !== "1003") return reply(req, "VPS-1153", `Desteklenmeyen işlem kodu ${txnCode}`);
  if (world.controls.refuseRefunds) return reply(req, "VPS-1099", "İade/iptal işlemine şu anda izin verilmiyor");
  const sale = approvedSale(bankOrder);
  if (!bankOrder || !sale) return reply(req, "VPS-1007", `Orjinal İşlem bulunamadı. Sipariş Numarası : ${order}`);
  if (sale.status !== "N") return reply(req, "VPS-1008", "Daha önce iptal edilmiş işlem");
  const left = sale.amountMinor - refundedOf(bankOrder);
  if (txnCode === "1003") {
    if (sale.settled) return reply(req, "VPS-1150", "Gün sonu yapılmış işlem iptal edilemez, iade yapınız");
    if (left !== sale.amountMinor) return reply(req, "VPS-1152", "İadesi yapılmış işlem iptal edilemez");
    sale.status = "V";
    return reply(req, "VPS-0000", "BAŞARILI", { order: { orderId: order } });
  }
  const transaction = req.transaction as Json | undefined;
  const amount = typeof transaction?.amount === "string" ? transaction.amount : "";
  const m = /^(\d{1,13})\.(\d{2})$/.exec(amount);
  if (!m || Number(transaction?.currencyCode) !== sale.currencyCode)
    return answer({ code: "VPS-1153", message: "Geçersiz tutar ya da para birimi" }, 400);
  const minor = BigInt(m[1]!) * 100n + BigInt(m[2]!);
  if (!sale.settled) return reply(req, "VPS-1151", "Gün sonu yapılmamış işlem için iptal yapınız");
  if (minor <= 0n || minor > left) return reply(req, "VPS-1152", "İade tutarı kalan tutardan büyük olamaz");
  const made = addRefund(bankOrder, sale, minor, terminal);
  return reply(req, "VPS-0000", "BAŞARILI", {
    auth: made.authCode,
    transaction: { authCode: made.authCode, stan: bankOrder.txns.length, rrn: made.rrn, batchNumber: made.batchNumber },
    order: { orderId: order },
  });
}

/** A refund line of the order's sale, made now (its own bank order id, naming the sale's as orgOrderId). */
export function addRefund(order: BankOrder, sale: Txn, minor: bigint, terminal: Terminal): Txn {
  const code = authCode();
  const made: Txn = {
    ...sale,
    txnCode: "1002",
    responseCode: "VPS-0000",
    responseMessage: "BAŞARILI",
    hostResponseCode: "00",
    hostMessage: `000 ONAY KODU ${code}`,
    status: "N",
    amountMinor: minor,
    rrn: rrn(),
    authCode: code,
    orderId: bankGuid(),
    orgOrderId: sale.orgOrderId,
    batchNumber: terminal.batchNumber,
    settled: false,
    at: new Date(),
  };
  order.txns.push(made);
  return made;
}

const DAY_MS = 24 * 3600_000;

export function handleHistory(world: ApiWorld, body: string, authHash: string): ApiAnswer {
  const req = parse(body);
  if (!req) return answer({ code: "VPS-1153", message: "Geçersiz istek" }, 400);
  const terminal = terminalOf(world, req);
  if (!terminal || sign(body, terminal.secretKey) !== authHash)
    return reply(req, "VPS-1020", "Hash doğrulanamadı / auth-hash does not match");
  world.calls.push({ path: "history", txnCode: "", orderId: "" });
  const report = req.report as Json | undefined;
  const start = typeof report?.startDateTime === "string" ? parseLocalTime(report.startDateTime) : null;
  const end = typeof report?.endDateTime === "string" ? parseLocalTime(report.endDateTime) : null;
  if (!start || !end || end < start) return answer({ code: "VPS-1153", message: "Geçersiz tarih aralığı" }, 400);
  if (end.getTime() - start.getTime() > DAY_MS) return reply(req, "VPS-2229", "Gün aralığı 1 günden fazla girilemez");
  const lines = [...world.orders.values()]
    .filter((o) => o.terminalSafeId === terminal.terminalSafeId)
    .flatMap((o) => o.txns)
    .filter((t) => t.at >= start && t.at <= end)
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  if (lines.length > world.controls.historyCap)
    return reply(req, "VPS-2235", "Toplam kayıt sayısı aşıldı. Batch No girerek ilerleyiniz.");
  const now = localTime(new Date());
  const t = { merchantSafeId: terminal.merchantSafeId, terminalSafeId: terminal.terminalSafeId };
  return answer({
    data: packHistory({ txnDateTime: now, terminal: t, txnDetailList: lines.map(listLine) }),
    requestId: `VPS${Date.now()}`,
    terminal: t,
    responseMessage: "SUCCESSFUL",
    txnDateTime: now,
    responseCode: "VPS-0000",
  });
}

function parse(body: string): Json | null {
  try {
    const json: unknown = JSON.parse(body);
    return typeof json === "object" && json !== null && !Array.isArray(json) ? (json as Json) : null;
  } catch {
    return null;
  }
}

function terminalOf(world: ApiWorld, req: Json): Terminal | undefined {
  const named = req.terminal as Json | undefined;
  const terminal = world.terminals.get(String(named?.terminalSafeId ?? ""));
  return terminal && terminal.merchantSafeId === named?.merchantSafeId ? terminal : undefined;
}
