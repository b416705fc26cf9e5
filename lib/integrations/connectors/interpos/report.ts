import { formatIsoWithOffset } from "@/lib/base/time/format";
import { parseLocalDateTime } from "@/lib/base/time/parse-local";
import { amountOfMinorUnits } from "../amount-format";
import { PartnerCallError } from "../ports";
import type { PartnerRecord, PartnerReport, ReportOrder, ReportPage } from "../report-port";
import { callApiWithBody } from "./client";
import type { InterposConfig } from "./config";
import { interposOrderIdOf, statusRequest } from "./request-mapper";
import { isNoRecord, readStatus, type SaleStatus } from "./response-mapper";

/**
 * InterVPOS publishes no list of a period (mewebstudio/pos: "Deniz bank dokumantasyonunda history sorgusu ile alakali
 * hic bir bilgi yok", history and orderHistory unsupported): the daily reconciliation asks each order of the day for
 * its StatusHistory, one answer a page, at `reportCallsPerSecond`, as est-v3 does. One answer names one sale: the sale
 * itself; its void, where it was voided (VoidDate); and what was refunded of it as one refund of RefundedAmount (the
 * bank lists no refund apart), stamped with the sale's time since the answer names no refund's. An order the bank does
 * not know is a page without records.
 */

const TURKEY = "Europe/Istanbul";

function unreadable(orderId: string, reason: string): never {
  throw new Error(`InterVPOS status of ${orderId}: ${reason}`);
}

/** "09.08.2024 10:40:34" (the bank's local time, Turkey) as ISO 8601 with its offset. */
function timeOf(orderId: string, text: string): string {
  const m = /^(\d{1,2})\.(\d{1,2})\.(\d{4}) (\d{1,2}):(\d{2}):(\d{2})$/.exec(text);
  const pad = (s: string) => s.padStart(2, "0");
  const at = m ? parseLocalDateTime(`${m[3]}-${pad(m[2]!)}-${pad(m[1]!)} ${pad(m[4]!)}:${m[5]}:${m[6]}`, TURKEY) : null;
  if (!at) return unreadable(orderId, `${JSON.stringify(text)} is no time`);
  return formatIsoWithOffset(at, TURKEY);
}

/** InterVPOS's code for a refused API user (mewebstudio: 81 invalid_credentials). */
const AUTH_REFUSED = new Set(["81"]);

/** The order's records from a StatusHistory answer; throws when the answer is no status of this order. */
export function readStatusPage(order: ReportOrder, fields: Record<string, string>, dayStart: Date): PartnerRecord[] {
  if (isNoRecord(fields)) return [];
  if (fields.ProcReturnCode !== "00") {
    const said = `${fields.ProcReturnCode} ${fields.ErrorCode ?? ""} ${fields.ErrorMessage ?? ""}`.trim().slice(0, 200);
    if (AUTH_REFUSED.has(fields.ProcReturnCode ?? ""))
      throw new PartnerCallError({
        kind: "refused",
        error: { code: fields.ProcReturnCode!, message: `InterVPOS refused: ${said}` },
      });
    throw new PartnerCallError({ kind: "retry", reason: `InterVPOS status query failed: ${said}` });
  }
  const sale = readStatus(fields);
  if (!sale) return unreadable(order.orderId, "the answer is no sale this reader understands");
  const asked = interposOrderIdOf(order.orderId);
  if (sale.orderId && sale.orderId !== asked)
    return unreadable(order.orderId, `the answer names order ${JSON.stringify(sale.orderId)}`);
  return recordsOf(order, sale, fields, dayStart);
}

function recordsOf(order: ReportOrder, sale: SaleStatus, raw: Record<string, string>, dayStart: Date): PartnerRecord[] {
  // A sale the bank declined before recording a time is placed at the day's start: it only ever says "not paid".
  const occurredAt = sale.trxDate
    ? timeOf(order.orderId, sale.trxDate)
    : sale.state === "declined"
      ? formatIsoWithOffset(dayStart, TURKEY)
      : unreadable(order.orderId, "the sale names no TRXDATE");
  const base = {
    orderId: order.orderId,
    partnerReference: sale.transId || null,
    amount: amountOfMinorUnits(sale.amountMinor),
    // The answer names no currency: the order is asked in the one it was sent in (the return signs it).
    currency: order.currency,
    occurredAt,
    raw: { ...raw },
  };
  const status: PartnerRecord["status"] =
    sale.state === "declined" ? "failed" : sale.state === "pending" ? "pending" : "succeeded";
  const records: PartnerRecord[] = [{ ...base, kind: "sale", status }];
  if (sale.state === "voided")
    records.push({
      ...base,
      kind: "void",
      status: "succeeded",
      occurredAt: sale.voidDate ? timeOf(order.orderId, sale.voidDate) : occurredAt,
    });
  else if (sale.refundedMinor > 0n)
    records.push({
      ...base,
      kind: "refund",
      partnerReference: null,
      amount: amountOfMinorUnits(sale.refundedMinor),
      status: "succeeded",
    });
  return records;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function* pages(
  config: InterposConfig,
  query: { from: Date; orders: () => AsyncIterable<ReportOrder> },
): AsyncGenerator<ReportPage> {
  const interval = 1000 / config.reportCallsPerSecond;
  let next = 0;
  for await (const order of query.orders()) {
    const wait = next - Date.now();
    if (wait > 0) await sleep(wait);
    next = Date.now() + interval;
    const { fields, body } = await callApiWithBody(config, statusRequest(config, interposOrderIdOf(order.orderId)));
    yield { body, records: readStatusPage(order, fields, query.from) };
  }
}

export const interposReport: PartnerReport<InterposConfig> = { mode: "per_order", pages };
