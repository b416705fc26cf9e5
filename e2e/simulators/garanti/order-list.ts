import type { BankOrder, Txn } from "./state";
import type { XmlValue } from "./wire";

/**
 * The lines of GVP's order list inquiry (orderlistinq) in the layout of mewebstudio/pos's Garanti fixture
 * (tests/Unit/test_data/garanti/history/date_range_history.json): Turkish words for the type and state, the amount
 * in kuruş, "TL" for lira and the Turkish local time (UTC+3 all year). A sale voided since reads "Iptal" and its
 * void is a line of its own.
 */

const TURKEY_MS = 3 * 3600_000;
const MAX_PERIOD_MS = 30 * 24 * 3600_000;

const TYPE_WORDS: Record<Txn["type"], string> = { sales: "Satis", refund: "Iade", void: "Iptal" };
const CURRENCY_WORDS: Record<string, string> = { "949": "TL", "840": "USD", "978": "EUR", "826": "GBP" };

/** "dd/MM/yyyy HH:mm" in Turkish time -> the instant; null when it is not one. */
export function gvpMinute(text: string): Date | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const utc = Date.UTC(Number(m[3]), Number(m[2]) - 1, Number(m[1]), Number(m[4]), Number(m[5]));
  const back = new Date(utc);
  if (back.getUTCDate() !== Number(m[1]) || back.getUTCHours() !== Number(m[4])) return null;
  return new Date(utc - TURKEY_MS);
}

/** "2024-06-03 14:04:19": the instant in Turkish time, as LastTrxDate writes it. */
export function turkishTime(at: Date): string {
  return new Date(at.getTime() + TURKEY_MS).toISOString().slice(0, 19).replace("T", " ");
}

function lineOf(order: BankOrder, t: Txn, id: number): Record<string, XmlValue> {
  const status = t.status !== "00" ? "Basarisiz" : t.type === "sales" && t.voidDate ? "Iptal" : "Basarili";
  return {
    Id: String(id),
    LastTrxDate: turkishTime(t.at),
    TrxType: TYPE_WORDS[t.type],
    OrderID: order.orderId,
    Name: "",
    CardNumberMasked: "",
    ExpireDate: "",
    BankBin: "",
    BatchNum: "5562",
    AuthCode: t.authCode,
    RetrefNum: t.retrefNum,
    OrigRetrefNum: t.origRetrefNum ?? "",
    InstallmentCnt: "Pesin",
    Status: status,
    AuthAmount: t.amountMinor.toString(),
    CurrencyCode: CURRENCY_WORDS[t.currencyCode] ?? t.currencyCode,
    RemainingBNSAmount: "0",
    UsedFBBAmount: "0",
    UsedChequeType: "",
    UsedChequeCount: "0",
    UsedChequeAmount: "0",
    SafeType: t.type === "sales" ? "3D" : "",
    Comment1: "",
    Comment2: "",
    Comment3: "",
    UserId: t.type === "sales" ? "PROVOOS" : "PROVRFN",
    Settlement: t.settled ? "Y" : "N",
    EmailAddress: "",
    RecurringTotalPaymentNum: "0",
    RecurringLastPaymentNum: "0",
    RecurringTxnAmount: "0",
    ResponseCode: t.status === "00" ? "00" : t.returnCode,
    SysErrMsg: t.status === "00" ? "" : "RPC-05 condition was raised",
  };
}

/**
 * Every transaction of the orders from the start minute to the end minute (included), oldest first; null when
 * the dates are not GVP's or the period is longer than 30 days.
 */
export function listLines(orders: BankOrder[], startText: string, endText: string): Record<string, XmlValue>[] | null {
  const start = gvpMinute(startText);
  const end = gvpMinute(endText);
  if (!start || !end || end < start || end.getTime() - start.getTime() > MAX_PERIOD_MS) return null;
  const until = end.getTime() + 60_000;
  const found = orders
    .flatMap((order) => order.txns.map((t) => ({ order, t })))
    .filter(({ t }) => t.at.getTime() >= start.getTime() && t.at.getTime() < until)
    .sort((a, b) => a.t.at.getTime() - b.t.at.getTime());
  return found.map(({ order, t }, i) => lineOf(order, t, i + 1));
}
