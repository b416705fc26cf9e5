import { formatIsoWithOffset } from "@/lib/base/time/format";
import { parseLocalDateTime } from "@/lib/base/time/parse-local";
import { readAmount } from "../amount-format";
import { PartnerCallError } from "../ports";
import type { PartnerRecord, PartnerReport, ReportOrder, ReportPage } from "../report-port";
import type { CC5Response } from "./cc5-xml";
import { callApiWithBody } from "./client";
import type { EstConfig } from "./config";
import { EST_KURUS, historyRequest } from "./request-mapper";
import { isNoRecord } from "./response-mapper";

/**
 * EST's public XML API lists no period: the daily reconciliation asks each order of the day for its history
 * (Extra ORDERHISTORY=QUERY, as mewebstudio/pos's EstPosRequestDataMapper::createOrderHistoryRequestData sends it),
 * one answer a page, at `reportCallsPerSecond`. The answer's Extra holds TRXCOUNT and TRX1..TRXn, one transaction a
 * line, tab-separated as EstPosResponseDataMapper::mapOrderHistoryResponse reads them:
 *   0 type (S a sale, C a refund), 1 state (A authorised, C closed, S settled, PN pending, D/ERR failed,
 *   V/CNCL voided), 2 amount in kuruş, 3 captured amount, 4 time, 5 capture time, 6 void time, 7 host reference,
 *   8 auth code, 9 ProcReturnCode, 10 TransId.
 * A voided sale is its own line with state V and the void's time: it is reported as the sale and its void.
 * An order the bank does not know ("No record found") is a page without records.
 */

const TURKEY = "Europe/Istanbul";

const CELLS = [
  "type",
  "state",
  "amount",
  "captureAmount",
  "time",
  "captureTime",
  "voidTime",
  "hostRefNum",
  "authCode",
  "procReturnCode",
  "transId",
] as const;
type Line = Record<(typeof CELLS)[number], string>;

function unreadable(orderId: string, reason: string): never {
  throw new Error(`EST order history of ${orderId}: ${reason}`);
}

/** "2024-01-02 21:52:59.261" (the bank's local time, Turkey) as ISO 8601 with its offset, to the second. */
function timeOf(orderId: string, text: string): string {
  const m = /^(\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2})(?:\.\d{1,6})?$/.exec(text);
  const at = m ? parseLocalDateTime(m[1]!, TURKEY) : null;
  if (!at) return unreadable(orderId, `${JSON.stringify(text)} is no time`);
  return formatIsoWithOffset(at, TURKEY);
}

const SUCCEEDED = new Set(["A", "C", "S"]);
const FAILED = new Set(["D", "ERR"]);
const VOIDED = new Set(["V", "CNCL"]);

function saleStatus(orderId: string, line: Line): PartnerRecord["status"] {
  if (line.procReturnCode !== "00") return "failed";
  if (SUCCEEDED.has(line.state) || VOIDED.has(line.state)) return "succeeded";
  if (line.state === "PN") return "pending";
  if (FAILED.has(line.state)) return "failed";
  return unreadable(orderId, `unknown sale state ${JSON.stringify(line.state)}`);
}

function refundStatus(orderId: string, line: Line): PartnerRecord["status"] {
  if (line.procReturnCode !== "00") return "failed";
  // A refund voided afterwards gave nothing back.
  if (FAILED.has(line.state) || VOIDED.has(line.state)) return "failed";
  if (line.state === "PN") return "pending";
  if (SUCCEEDED.has(line.state)) return "succeeded";
  return unreadable(orderId, `unknown refund state ${JSON.stringify(line.state)}`);
}

/** One TRX line as its records: a refund, a sale, or a voided sale and its void. */
function recordsOf(order: ReportOrder, name: string, text: string): PartnerRecord[] {
  const cells = text.split("\t").map((c) => c.trim());
  if (cells.length < CELLS.length) return unreadable(order.orderId, `${name} has ${cells.length} cells`);
  const line = Object.fromEntries(CELLS.map((cell, i) => [cell, cells[i]!])) as Line;
  const raw = { OrderId: order.orderId, line: name, ...line };
  // A closed or settled sale took what was captured (a pre-authorisation closed for another amount).
  const captured = line.type === "S" && (line.state === "C" || line.state === "S") && line.captureAmount !== "";
  const amount = readAmount(captured ? line.captureAmount : line.amount, EST_KURUS);
  if (!amount) return unreadable(order.orderId, `${name} amount ${JSON.stringify(line.amount)} is not kuruş`);
  const base = {
    orderId: order.orderId,
    partnerReference: line.transId || null,
    amount,
    // The history names no currency: the order is asked in the one it was sent in (the gate signs it).
    currency: order.currency,
    occurredAt: timeOf(order.orderId, line.time),
    raw,
  };
  if (line.type === "C") return [{ ...base, kind: "refund", status: refundStatus(order.orderId, line) }];
  if (line.type !== "S") return unreadable(order.orderId, `${name} has unknown type ${JSON.stringify(line.type)}`);
  const sale: PartnerRecord = { ...base, kind: "sale", status: saleStatus(order.orderId, line) };
  if (line.procReturnCode !== "00" || !VOIDED.has(line.state)) return [sale];
  // The void is no line of its own: it is named by the voided sale's TransId, at the void's time.
  const voidAt = line.voidTime ? timeOf(order.orderId, line.voidTime) : base.occurredAt;
  return [sale, { ...base, kind: "void", status: "succeeded", occurredAt: voidAt }];
}

/** EST names no code for a refused API user; its ErrMsg says so ("authorization failed", "kullanıcı doğrulanamadı"). */
const AUTH_REFUSAL = /authori[sz]|authenticat|credential|dogrulanamad|doğrulanamad|yetki|kullan[ıi]c[ıi]|şifre|sifre/i;

/** The order's records from an ORDERHISTORY answer; throws when the answer is no history of this order. */
export function readOrderHistoryPage(order: ReportOrder, response: CC5Response): PartnerRecord[] {
  if (isNoRecord(response)) return [];
  const { fields, extra } = response;
  if (fields.ProcReturnCode !== "00") {
    const said = (fields.ErrMsg ?? extra.ERRORCODE ?? "no reason given").slice(0, 200);
    if (AUTH_REFUSAL.test(said))
      throw new PartnerCallError({
        kind: "refused",
        error: { code: extra.ERRORCODE || fields.ProcReturnCode || "EST_ERROR", message: `EST refused: ${said}` },
      });
    throw new PartnerCallError({ kind: "retry", reason: `EST order history failed: ${said}` });
  }
  const named = fields.OrderId?.trim();
  if (named && named !== order.orderId)
    return unreadable(order.orderId, `the answer names order ${JSON.stringify(named)}`);
  const names: string[] = [];
  for (let i = 1; extra[`TRX${i}`] !== undefined; i++) names.push(`TRX${i}`);
  const counted = extra.TRXCOUNT?.trim();
  if (counted !== undefined && counted !== String(names.length))
    return unreadable(order.orderId, `TRXCOUNT ${JSON.stringify(counted)} but ${names.length} lines`);
  return names.flatMap((name) => recordsOf(order, name, extra[name]!));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function* pages(
  config: EstConfig,
  query: { orders: () => AsyncIterable<ReportOrder> },
): AsyncGenerator<ReportPage> {
  const interval = 1000 / config.reportCallsPerSecond;
  let next = 0;
  for await (const order of query.orders()) {
    const wait = next - Date.now();
    if (wait > 0) await sleep(wait);
    next = Date.now() + interval;
    const { response, body } = await callApiWithBody(config, historyRequest(config, order.orderId));
    yield { body, records: readOrderHistoryPage(order, response) };
  }
}

export const estReport: PartnerReport<EstConfig> = { mode: "per_order", pages };
