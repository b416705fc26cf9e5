import { formatIsoWithOffset, formatLocalIso } from "@/lib/base/time/format";
import { parseLocalDateTime } from "@/lib/base/time/parse-local";
import { amountOfMinorUnits } from "../amount-format";
import { PartnerCallError } from "../ports";
import type { PartnerRecord, PartnerRecordKind, PartnerReport, ReportPage } from "../report-port";
import { callApi } from "./client";
import type { PayforConfig } from "./config";
import { currencyAlpha, dayHistoryRequest } from "./request-mapper";
import { readHistory, type HistoryLine } from "./response-mapper";

/**
 * PayFor's transaction history of a day (SecureType Report, TxnType TxnHistory, ReqDate YYYYMMDD), as
 * mewebstudio/pos (PayForPosRequestDataMapper::createHistoryRequestData, PayForPosResponseDataMapper::
 * mapHistoryResponse, tests/Unit/test_data/payfor/history/daily_history.json) sends and reads it: every
 * transaction of the merchant that Turkish day, failed ones too, in one answer (PayFor pages nothing). Each
 * PaymentRequest names the order id PayFor was sent (our letters-and-digits id; a void's or refund's is its sale's),
 * its type (Auth, Void, Refund, ...), its ProcReturnCode, the amount in lira, the currency (949) and its local time.
 *
 * The reconciliation's period is an Istanbul day widened by some minutes each side: each Turkish day it touches is
 * asked, and the lines outside the period are left out, as a bank listing a period would.
 */

const TURKEY = "Europe/Istanbul";

type LineKind = PartnerRecordKind | "preauth";
/** TxnType as mewebstudio/pos maps it (PayForPosRequestDataMapper's txTypeMappings). */
const TYPES: Record<string, LineKind> = {
  Auth: "sale",
  PostAuth: "sale",
  PreAuth: "preauth",
  Void: "void",
  Refund: "refund",
};
/** Requests PayFor keeps beside the money's: inquiries and reports move none. */
const NO_MONEY = new Set(["OrderInquiry", "TxnHistory", "ParaPuanInquiry"]);

function unreadable(reason: string): never {
  throw new Error(`PayFor history: ${reason}`);
}

/** The Turkish days (YYYYMMDD) the period [from, to) touches, in order. */
export function reqDates(from: Date, to: Date): string[] {
  const days: string[] = [];
  const last = formatLocalIso(new Date(to.getTime() - 1), TURKEY).slice(0, 10);
  for (let at = from.getTime(); ; at += 86_400_000) {
    const day = formatLocalIso(new Date(at), TURKEY).slice(0, 10);
    if (!days.includes(day)) days.push(day);
    if (day >= last) break;
  }
  return days.map((day) => day.replace(/-/g, ""));
}

function statusOf(kind: LineKind, code: string): PartnerRecord["status"] {
  if (code === "00") return kind === "preauth" ? "pending" : "succeeded";
  // "Not completed / still in progress": a checkout the customer has not finished.
  if (code === "V000") return "pending";
  return "failed";
}

/** One history line as a record; null for a request that moves no money. */
export function recordOf(line: HistoryLine): PartnerRecord | null {
  if (NO_MONEY.has(line.type)) return null;
  const kind = TYPES[line.type] ?? unreadable(`unknown TxnType ${JSON.stringify(line.type)}`);
  const status = statusOf(kind, line.code);
  const currency = currencyAlpha(line.currency) ?? (status !== "succeeded" && line.currency === "" ? "TRY" : null);
  if (currency === null) return unreadable(`unknown Currency ${JSON.stringify(line.currency)}`);
  const at = parseLocalDateTime(line.insertedAt.replace("T", " "), TURKEY);
  if (!at) return unreadable(`InsertDatetime ${JSON.stringify(line.insertedAt)} is no time`);
  return {
    // A pre-authorisation holds money on the card without taking it: a sale still open.
    kind: kind === "preauth" ? "sale" : kind,
    orderId: line.orderId || null,
    partnerReference: line.reference || null,
    amount: amountOfMinorUnits(line.amountMinor),
    currency,
    status,
    occurredAt: formatIsoWithOffset(at, TURKEY),
    raw: line.raw,
  };
}

/** The merchant's transactions over the query's period: one page per Turkish day it touches. */
async function* pages(config: PayforConfig, query: { from: Date; to: Date }): AsyncGenerator<ReportPage> {
  for (const day of reqDates(query.from, query.to)) {
    const { root, body } = await callApi(config, dayHistoryRequest(config, day), "TxnHistoryReport");
    let lines: HistoryLine[] | "none";
    try {
      lines = readHistory(root);
    } catch (error) {
      throw new PartnerCallError({ kind: "retry", reason: (error as Error).message });
    }
    const records = (lines === "none" ? [] : lines)
      .map(recordOf)
      .filter((record): record is PartnerRecord => record !== null)
      .filter((record) => {
        const at = new Date(record.occurredAt).getTime();
        return at >= query.from.getTime() && at < query.to.getTime();
      });
    yield { body, records };
  }
}

export const payforReport: PartnerReport<PayforConfig> = { mode: "list", pages };
