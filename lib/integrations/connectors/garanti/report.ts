import { formatIsoWithOffset, formatLocalIso } from "@/lib/base/time/format";
import { parseLocalDateTime } from "@/lib/base/time/parse-local";
import { readAmount } from "../amount-format";
import { PartnerCallError } from "../ports";
import type { PartnerRecord, PartnerRecordKind, PartnerReport, ReportPage } from "../report-port";
import { callApiWithBody, type GvpsAnswer } from "./client";
import type { GarantiConfig } from "./config";
import { apiHash } from "./crypt";
import { child, childrenNamed, textAt, type XmlElement, type XmlTree } from "./gvps-xml";
import { API_VERSION, GVP_ANSWERED_KURUS } from "./request-mapper";
import { unitWindows } from "../report-windows";
import { isNoRecord } from "./response-mapper";

/**
 * GVP's order list inquiry (Transaction/Type `orderlistinq`, "Tarih Aralığı Sorgulama"): every transaction of the
 * terminal between two Turkish local times, as mewebstudio/pos (GarantiPosRequestDataMapper::createHistoryRequestData,
 * GarantiPosResponseDataMapper::mapHistoryResponse) and Garanti's own Java sample send and read it:
 *  - Order/StartDate and Order/EndDate as dd/MM/yyyy HH:mm, at most 30 days apart;
 *  - Order/ListPageNum from 1; GVP answers 500 transactions a page with TotalTxnCount, TotalPageCount, ActPageNum;
 *  - Terminal/HashData as every XML call's, over an empty OrderID, the fixed amount 100 and currency 949;
 *  - Customer/IPAddress is mandatory for this type (GVP refuses it empty: 92/0002).
 * Each OrderTxn names the order id GVP was sent (our letters-and-digits id), its type (Satis, Iade, Iptal, ...), its
 * state (Basarili, Basarisiz, Iptal, Onaylandi), the amount in kuruş, the currency ("TL") and its local time.
 */

const TURKEY = "Europe/Istanbul";
/** At most 30 days between StartDate and EndDate (mewebstudio/pos, from Garanti's field list). */
export const MAX_PERIOD_MINUTES = 30 * 24 * 60;
/** GVP lists 500 transactions a page; ListPageNum asks for the others. */
export const LIST_PAGE_SIZE = 500;
/** The list asks about no customer; GVP still wants an address here, so ours as a server calling itself. */
const LIST_IP_ADDRESS = "127.0.0.1";
/** The list is asked as mewebstudio/pos and Garanti's sample ask it: amount 100, Turkish lira. */
const LIST_AMOUNT = "100";
const LIST_CURRENCY = "949";

/** "dd/MM/yyyy HH:mm" in Turkish time, as GVP takes StartDate and EndDate. */
export function gvpDateTime(date: Date): string {
  const local = formatLocalIso(date, TURKEY); // 2026-11-22T09:15:00
  return `${local.slice(8, 10)}/${local.slice(5, 7)}/${local.slice(0, 4)} ${local.slice(11, 16)}`;
}

/**
 * The period [from, to) as the calls that cover it: whole minutes (GVP's dates have no seconds), the end minute
 * included (Garanti's example of a day runs 00:00 to 23:59), at most 30 days each, none overlapping.
 */
export function listWindows(from: Date, to: Date): { start: Date; end: Date }[] {
  const first = Math.floor(from.getTime() / 60_000);
  const last = Math.floor((to.getTime() - 1) / 60_000);
  return unitWindows(first, last, MAX_PERIOD_MINUTES).map(([start, end]) => ({
    start: new Date(start * 60_000),
    end: new Date(end * 60_000),
  }));
}

/** One page of the order list inquiry over [start, end] (both Turkish local minutes, the end one included). */
export function listRequest(config: GarantiConfig, start: Date, end: Date, page: number): XmlTree {
  return {
    Mode: config.mode,
    Version: API_VERSION,
    Terminal: {
      ProvUserID: config.userId,
      HashData: apiHash(
        { orderId: "", terminalId: config.terminalId, amount: LIST_AMOUNT, currencyCode: LIST_CURRENCY },
        config.password,
      ),
      UserID: config.userId,
      ID: config.terminalId,
      MerchantID: config.merchantId,
    },
    Customer: { IPAddress: LIST_IP_ADDRESS, EmailAddress: "" },
    Order: {
      OrderID: "",
      GroupID: "",
      Description: "",
      StartDate: gvpDateTime(start),
      EndDate: gvpDateTime(end),
      ListPageNum: String(page),
    },
    Transaction: {
      Type: "orderlistinq",
      Amount: LIST_AMOUNT,
      CurrencyCode: LIST_CURRENCY,
      CardholderPresentCode: "0",
      MotoInd: "N",
    },
  };
}

/** Turkish letters folded to ASCII, lower case: GVP writes its words without them ("Satis"), the panel with them. */
function fold(word: string): string {
  const ascii: Record<string, string> = { ş: "s", ı: "i", ö: "o", ü: "u", ç: "c", ğ: "g" };
  return word
    .trim()
    .toLocaleLowerCase("tr")
    .replace(/[şıöüçğ]/g, (c) => ascii[c]!)
    .replace(/\s+/g, " ");
}

type LineKind = PartnerRecordKind | "preauth";
/** TrxType as mewebstudio/pos maps it; a reward inquiry ("Odul Sorgulama") moves no money and is no record. */
const TYPES: Record<string, LineKind> = {
  satis: "sale",
  "on otorizasyon kapama": "sale",
  "on otorizasyon": "preauth",
  iade: "refund",
  iptal: "void",
};
const NO_MONEY = new Set(["odul sorgulama"]);

/** The currencies as the list names them ("TL"), and as the other answers do (949). */
const CURRENCIES: Record<string, string> = {
  TL: "TRY",
  TRY: "TRY",
  "949": "TRY",
  USD: "USD",
  "840": "USD",
  EUR: "EUR",
  "978": "EUR",
  GBP: "GBP",
  "826": "GBP",
  JPY: "JPY",
  "392": "JPY",
  RUB: "RUB",
  "643": "RUB",
};

function unreadable(reason: string): never {
  throw new Error(`Garanti order list: ${reason}`);
}

/** A line's state in our words; "Iptal" is a transaction cancelled afterwards. */
function statusOf(kind: LineKind, state: string): PartnerRecord["status"] {
  const said = fold(state);
  if (said === "basarili" || said === "onaylandi") return kind === "preauth" ? "pending" : "succeeded";
  if (said === "basarisiz") return "failed";
  // A sale cancelled afterwards did take place (its void is a line of its own); a refund or void cancelled
  // afterwards gave nothing back. GVP publishes no more than the word.
  if (said === "iptal") return kind === "sale" || kind === "preauth" ? "succeeded" : "failed";
  return unreadable(`unknown Status ${JSON.stringify(state)}`);
}

/** One OrderTxn as a record; null for a line that moves no money. */
export function recordOf(txn: XmlElement): PartnerRecord | null {
  const raw: Record<string, string> = Object.fromEntries(txn.children.map((c) => [c.name, c.text.trim()]));
  const type = fold(raw.TrxType ?? "");
  if (NO_MONEY.has(type)) return null;
  const kind = TYPES[type] ?? unreadable(`unknown TrxType ${JSON.stringify(raw.TrxType ?? "")}`);
  const status = statusOf(kind, raw.Status ?? "");
  const minor = raw.AuthAmount ?? "";
  // A line that did not go through may carry no amount; one that did always names it.
  const amount = minor === "" && status === "failed" ? "0.00" : readAmount(minor, GVP_ANSWERED_KURUS);
  if (amount === null) return unreadable(`AuthAmount ${JSON.stringify(minor)} is not kuruş`);
  const code = (raw.CurrencyCode ?? "").toUpperCase();
  // The list is asked in lira: a line that did not go through and names no currency ("" or "0") is taken as lira.
  const currency = CURRENCIES[code] ?? (status === "failed" && (code === "" || code === "0") ? "TRY" : null);
  if (currency === null) return unreadable(`unknown CurrencyCode ${JSON.stringify(raw.CurrencyCode)}`);
  const at = parseLocalDateTime(raw.LastTrxDate ?? "", TURKEY);
  if (!at) return unreadable(`LastTrxDate ${JSON.stringify(raw.LastTrxDate ?? "")} is no time`);
  return {
    // A pre-authorisation holds money on the card without taking it: a sale still open.
    kind: kind === "preauth" ? "sale" : kind,
    orderId: raw.OrderID || null,
    partnerReference: raw.RetrefNum || null,
    amount,
    currency,
    status,
    occurredAt: formatIsoWithOffset(at, TURKEY),
    raw,
  };
}

const count = (text: string, what: string): number =>
  /^\d{1,9}$/.test(text) ? Number(text) : unreadable(`${what} ${JSON.stringify(text)} is no number`);

/** One answer's records and how many pages the list has; "none" when GVP says it has no record at all. */
export function readListPage(answer: GvpsAnswer, asked: number): { pages: number; records: PartnerRecord[] } | "none" {
  if (isNoRecord(answer)) return "none";
  if (answer.code !== "00") {
    const said = `${answer.code} ${answer.reasonCode} ${answer.message.slice(0, 200)}`.trim();
    // GVP itself (Source GVPS, code 92) refused the request: its user, hash or fields. Asking again changes nothing.
    if (answer.code === "92" && textAt(answer.root, "Transaction", "Response", "Source") === "GVPS")
      throw new PartnerCallError({
        kind: "refused",
        error: { code: answer.reasonCode || answer.code, message: `Garanti refused the order list: ${said}` },
      });
    throw new PartnerCallError({ kind: "retry", reason: `Garanti order list failed: ${said}` });
  }
  const result = child(answer.root, "Order", "OrderListInqResult");
  if (!result) return unreadable("the answer has no OrderListInqResult");
  const list = child(result, "OrderTxnList");
  const txns = childrenNamed(list, "OrderTxn");
  if (!list || (list.children.length === 0 && list.text.trim() === "")) return { pages: 0, records: [] };
  const pages = count(textAt(list, "TotalPageCount"), "TotalPageCount");
  const page = count(textAt(list, "ActPageNum"), "ActPageNum");
  const total = count(textAt(list, "TotalTxnCount"), "TotalTxnCount");
  if (pages > Math.max(1, total)) return unreadable(`${pages} pages for ${total} transactions`);
  if (txns.length > 0 && page !== asked) return unreadable(`asked for page ${asked}, got ${page}`);
  if (txns.length > LIST_PAGE_SIZE || txns.length > total) return unreadable("more lines than the list counts");
  return { pages, records: txns.map(recordOf).filter((r): r is PartnerRecord => r !== null) };
}

/** The terminal's transactions over the query's period, one page per answer, page by page and window by window. */
async function* pages(config: GarantiConfig, query: { from: Date; to: Date }): AsyncGenerator<ReportPage> {
  for (const { start, end } of listWindows(query.from, query.to)) {
    for (let page = 1; ; page++) {
      const { answer, body } = await callApiWithBody(config, listRequest(config, start, end, page));
      const read = readListPage(answer, page);
      if (read === "none") {
        yield { body, records: [] };
        break;
      }
      yield { body, records: read.records };
      if (page >= read.pages) break;
    }
  }
}

export const garantiReport: PartnerReport<GarantiConfig> = { mode: "list", pages };
