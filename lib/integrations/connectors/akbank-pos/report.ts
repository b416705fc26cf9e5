import { gunzipSync } from "node:zlib";
import { formatIsoWithOffset } from "@/lib/base/time/format";
import { parseLocalDateTime } from "@/lib/base/time/parse-local";
import { amountOfMinorUnits, readMinorUnits } from "../amount-format";
import { PartnerCallError } from "../ports";
import type { PartnerRecord, PartnerReport, ReportPage } from "../report-port";
import { unitWindows } from "../report-windows";
import { callApiWithBody, SUCCESS, type AkbankAnswer } from "./client";
import type { AkbankPosConfig } from "./config";
import { AKBANK_ANSWERED_AMOUNT, currencyAlpha, historyRequest } from "./request-mapper";
import { referenceOf } from "./response-mapper";

/**
 * Akbank's date-range history (POST <apiUrl>/portal/report/transaction, mewebstudio/pos's TX_TYPE_HISTORY): every
 * transaction of the terminal between two Turkish local times, as AkbankPosRequestDataMapper::createHistoryRequestData
 * asks and AkbankPosSerializer / AkbankPosResponseDataMapper::mapHistoryResponse read it:
 *  - report.startDateTime / endDateTime as "2024-04-13T13:00:00.000", at most one day apart (VPS-2229 otherwise);
 *  - at most 9999 transactions an answer (VPS-2235 "Toplam kayıt sayısı aşıldı"): the window is then halved;
 *  - the answer's `data` is the Base64 of a gzip of the JSON {txnDateTime, terminal, txnDetailList: [...]}.
 * Each line names its type (txnCode 1000 sale, 1002 refund, ...), its outcome (responseCode), its state in words
 * (txnStatus Başarılı, Başarısız, İptal, Teknik İptal), the amount as a decimal, the currency (949) and local time.
 */

const TURKEY = "Europe/Istanbul";
/** Strictly less than a day per call. */
export const MAX_WINDOW_MS = 24 * 3600_000;
/** A window is halved on VPS-2235 until it is this short; a minute of more than 9999 transactions is unreadable. */
const MIN_WINDOW_MS = 60_000;

function unreadable(reason: string): never {
  throw new Error(`Akbank history: ${reason}`);
}

/** [from, to) as windows of whole milliseconds, both ends included in each, under a day, none overlapping. */
export function historyWindows(from: Date, to: Date): { start: Date; end: Date }[] {
  return unitWindows(from.getTime(), to.getTime() - 1, MAX_WINDOW_MS).map(([start, end]) => ({
    start: new Date(start),
    end: new Date(end),
  }));
}

/** Turkish letters folded to ASCII, lower case: "Başarılı" -> "basarili", "Teknik İptal" -> "teknik iptal". */
function fold(word: string): string {
  const ascii: Record<string, string> = { ş: "s", ı: "i", ö: "o", ü: "u", ç: "c", ğ: "g" };
  return word
    .trim()
    .toLocaleLowerCase("tr")
    .replace(/[şıöüçğ]/g, (c) => ascii[c]!)
    .replace(/\s+/g, " ");
}

type Kind = "sale" | "preauth" | "refund" | "void";
/** txnCode as mewebstudio/pos maps it: 1000 sale (3000 its 3-D form), 1004/1005 pre-authorisation and its close. */
const KINDS: Record<string, Kind> = {
  "1000": "sale",
  "3000": "sale",
  "1005": "sale",
  "1004": "preauth",
  "1002": "refund",
  "1003": "void",
};

/** The state in words (the history's) or letters (the order history's): went through, failed, taken back, open. */
function stateOf(state: string): "ok" | "failed" | "cancelled" | "pending" {
  const said = fold(state);
  if (said === "basarili" || said === "n") return "ok";
  if (said === "basarisiz" || said === "teknik iptal") return "failed";
  if (said === "iptal" || said === "v" || said === "r") return "cancelled";
  if (said === "s") return "pending";
  return unreadable(`unknown txnStatus ${JSON.stringify(state)}`);
}

const str = (value: unknown): string =>
  typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : "";

/** "2024-04-23T00:00:51.656" (Turkish local) as ISO 8601 with its offset, to the second. */
function timeOf(text: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})(?:\.\d{1,6})?$/.exec(text);
  const at = m ? parseLocalDateTime(`${m[1]} ${m[2]}`, TURKEY) : null;
  if (!at) return unreadable(`txnDateTime ${JSON.stringify(text)} is no time`);
  return formatIsoWithOffset(at, TURKEY);
}

/** One history line as its records: a sale, a refund, or a cancelled sale and its cancel. */
export function recordsOf(line: unknown): PartnerRecord[] {
  if (typeof line !== "object" || line === null || Array.isArray(line)) return unreadable("a line is no object");
  const raw = line as Record<string, unknown>;
  const txnCode = str(raw.txnCode);
  const kind = KINDS[txnCode] ?? unreadable(`unknown txnCode ${JSON.stringify(txnCode)}`);
  const wentThrough = str(raw.responseCode) === SUCCESS;
  const state = wentThrough ? stateOf(str(raw.txnStatus)) : "failed";
  const minor = readMinorUnits(raw.amount, AKBANK_ANSWERED_AMOUNT);
  if (minor === null) return unreadable(`amount ${JSON.stringify(raw.amount)} is no amount`);
  const currency = currencyAlpha(raw.currencyCode) ?? (str(raw.currencyLabel) === "TRY" ? "TRY" : null);
  if (currency === null) return unreadable(`unknown currencyCode ${JSON.stringify(raw.currencyCode)}`);
  const base = {
    // A refund is its own order at the bank (orderId); orgOrderId names the sale's, which is ours.
    orderId: str(raw.orgOrderId) || str(raw.orderId) || null,
    partnerReference: referenceOf(raw.rrn),
    amount: amountOfMinorUnits(minor),
    currency,
    occurredAt: timeOf(str(raw.txnDateTime)),
    raw,
  };
  if (kind === "refund" || kind === "void")
    return [{ ...base, kind, status: state === "ok" ? "succeeded" : state === "pending" ? "pending" : "failed" }];
  // A pre-authorisation holds money on the card without taking it: a sale still open.
  const saleStatus =
    state === "failed" ? "failed" : kind === "preauth" || state === "pending" ? "pending" : "succeeded";
  const sale: PartnerRecord = { ...base, kind: "sale", status: saleStatus };
  // A cancelled sale did take place; its cancel is no line of its own: the sale's state says it.
  if (state !== "cancelled" || kind === "preauth") return [sale];
  return [sale, { ...base, kind: "void", status: "succeeded" }];
}

/** Akbank refuses the request itself (its fields, its signature): asking again changes nothing. */
const REFUSALS = /^VPS-(1\d{3}|2229)$/;

/** One answer's records; "split" when the window holds more than one answer may list. */
export function readHistoryPage(answer: AkbankAnswer, config: AkbankPosConfig): PartnerRecord[] | "split" {
  if (answer.responseCode === "VPS-2235") return "split";
  if (answer.responseCode !== SUCCESS) {
    const said = `${answer.responseCode} ${answer.responseMessage.slice(0, 200)}`.trim();
    if (REFUSALS.test(answer.responseCode))
      throw new PartnerCallError({
        kind: "refused",
        error: { code: answer.responseCode, message: `Akbank refused the history: ${said}` },
      });
    throw new PartnerCallError({ kind: "retry", reason: `Akbank history failed: ${said}` });
  }
  const data = answer.json.data;
  if (typeof data !== "string" || data === "") return unreadable("the answer has no data");
  let json: unknown;
  try {
    json = JSON.parse(gunzipSync(Buffer.from(data, "base64")).toString("utf8"));
  } catch {
    return unreadable("data is no gzip of JSON");
  }
  const list = (json as { txnDetailList?: unknown } | null)?.txnDetailList;
  if (!Array.isArray(list)) return unreadable("data has no txnDetailList");
  const terminal = (json as { terminal?: Record<string, unknown> }).terminal;
  const named = str(terminal?.terminalSafeId);
  if (named && !named.includes("*") && named !== config.terminalId)
    return unreadable(`the answer names terminal ${named}`);
  return list.flatMap(recordsOf);
}

/** The terminal's transactions over [start, end], one page per answer, a window halved while it holds too many. */
async function* windowPages(config: AkbankPosConfig, start: Date, end: Date): AsyncGenerator<ReportPage> {
  const { answer, body } = await callApiWithBody(
    config,
    "portal/report/transaction",
    historyRequest(config, start, end),
  );
  const read = readHistoryPage(answer, config);
  if (read !== "split") {
    yield { body, records: read };
    return;
  }
  const span = end.getTime() - start.getTime();
  if (span < MIN_WINDOW_MS) return unreadable("more than 9999 transactions in under a minute");
  const middle = start.getTime() + Math.floor(span / 2);
  yield* windowPages(config, start, new Date(middle));
  yield* windowPages(config, new Date(middle + 1), end);
}

async function* pages(config: AkbankPosConfig, query: { from: Date; to: Date }): AsyncGenerator<ReportPage> {
  for (const { start, end } of historyWindows(query.from, query.to)) yield* windowPages(config, start, end);
}

export const akbankPosReport: PartnerReport<AkbankPosConfig> = { mode: "list", pages };
