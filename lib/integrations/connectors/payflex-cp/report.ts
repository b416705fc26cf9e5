import { formatIsoWithOffset } from "@/lib/base/time/format";
import { parseLocalDateTime } from "@/lib/base/time/parse-local";
import { amountOfMinorUnits } from "../amount-format";
import { PartnerCallError } from "../ports";
import type { PartnerRecord, PartnerReport, ReportOrder, ReportPage } from "../report-port";
import { postPrmstr } from "./client";
import type { PayflexCpConfig } from "./config";
import { currencyAlpha, payflexOrderIdOf, searchRequest } from "./request-mapper";
import {
  answeredMinorUnits,
  APPROVED,
  CREDENTIAL_CODES,
  isUndone,
  readSearch,
  type SearchAnswer,
} from "./response-mapper";
import type { XmlElement } from "./xml";

/**
 * The search VakıfBank's virtual POS publishes (Search.aspx, as mewebstudio/pos's PayFlexV4Pos::status sends it)
 * takes a TransactionId or an OrderId, no period: the daily reconciliation asks each order of the day in turn, one
 * answer a page, at `reportCallsPerSecond` (as EST's per-order history). Each TransactionSearchResultInfo is one
 * transaction of the order: a Sale (its ResultCode says approved or not; IsCanceled / IsReversed say voided since),
 * a Refund (CurrencyAmount given back) or a Cancel (a void). A voided sale the answer lists no Cancel for is reported
 * as the sale and its void, named by the sale's TransactionId. An order the bank does not know is a page without
 * records.
 */
const TURKEY = "Europe/Istanbul";

function unreadable(orderId: string, reason: string): never {
  throw new Error(`PayFlex search of ${orderId}: ${reason}`);
}

/**
 * HostDate: "20230309221037" (the bank's local time, Turkey), or "0309221037" without the year as some PayFlex
 * hosts write it (PayFlexV4PosResponseDataMapper prefixes the current year): the year of the day asked about then.
 */
function timeOf(orderId: string, hostDate: string, day: string): string {
  const text = hostDate.length === 10 ? `${day.slice(0, 4)}${hostDate}` : hostDate;
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(text);
  const at = m ? parseLocalDateTime(`${m[1]}-${m[2]}-${m[3]} ${m[4]}:${m[5]}:${m[6]}`, TURKEY) : null;
  if (!at) return unreadable(orderId, `HostDate ${JSON.stringify(hostDate)} is no time`);
  return formatIsoWithOffset(at, TURKEY);
}

const KINDS: Record<string, PartnerRecord["kind"]> = { Sale: "sale", Refund: "refund", Cancel: "void" };

/** The order's records from its search answer; throws when the answer is not about this order or cannot be read. */
export function readSearchPage(order: ReportOrder, answer: SearchAnswer, day: string): PartnerRecord[] {
  if (answer.code !== APPROVED) {
    const said = `${answer.code} ${answer.message.slice(0, 200)}`.trim();
    if (CREDENTIAL_CODES.has(answer.code))
      throw new PartnerCallError({
        kind: "refused",
        error: { code: answer.code, message: `PayFlex refused: ${said}` },
      });
    throw new PartnerCallError({ kind: "retry", reason: `PayFlex search failed: ${said}` });
  }
  const bankOrderId = payflexOrderIdOf(order.orderId);
  const sale = answer.records.find((r) => r.TransactionType === "Sale" && r.ResultCode === APPROVED);
  const out: PartnerRecord[] = [];
  for (const r of answer.records) {
    const kind = KINDS[r.TransactionType ?? ""];
    if (!kind) return unreadable(order.orderId, `unknown transaction type ${JSON.stringify(r.TransactionType)}`);
    if (r.OrderId && r.OrderId !== bankOrderId)
      return unreadable(order.orderId, `a transaction of order ${JSON.stringify(r.OrderId)}`);
    const minor = answeredMinorUnits(r) ?? (kind === "void" && sale ? answeredMinorUnits(sale) : null);
    if (minor === null) return unreadable(order.orderId, `amount ${JSON.stringify(r.CurrencyAmount)} is not an amount`);
    const currency = currencyAlpha(r.AmountCode ?? "") ?? (r.AmountCode ? null : order.currency);
    if (!currency) return unreadable(order.orderId, `currency ${JSON.stringify(r.AmountCode)} is unknown`);
    const record: PartnerRecord = {
      kind,
      orderId: order.orderId,
      partnerReference: r.TransactionId || null,
      amount: amountOfMinorUnits(minor),
      currency,
      status: r.ResultCode === APPROVED ? "succeeded" : "failed",
      occurredAt: timeOf(order.orderId, r.HostDate ?? "", day),
      raw: { ...r },
    };
    out.push(record);
    const listsCancel = answer.records.some((x) => x.TransactionType === "Cancel" && x.ResultCode === APPROVED);
    if (kind === "sale" && record.status === "succeeded" && isUndone(r) && !listsCancel)
      out.push({ ...record, kind: "void", raw: { ...r, void: "IsCanceled/IsReversed of the sale" } });
  }
  return out;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function* pages(
  config: PayflexCpConfig,
  query: { day: string; orders: () => AsyncIterable<ReportOrder> },
): AsyncGenerator<ReportPage> {
  const interval = 1000 / config.reportCallsPerSecond;
  let next = 0;
  for await (const order of query.orders()) {
    const wait = next - Date.now();
    if (wait > 0) await sleep(wait);
    next = Date.now() + interval;
    const { root, body } = await postPrmstr(
      config,
      config.queryUrl,
      "PayFlex search",
      searchRequest(config, payflexOrderIdOf(order.orderId)),
    );
    yield { body, records: readSearchPage(order, searchOf(root, order.orderId), query.day) };
  }
}

function searchOf(root: XmlElement, orderId: string): SearchAnswer {
  const answer = readSearch(root);
  if (!answer) return unreadable(orderId, "the answer is no search result");
  return answer;
}

export const payflexCpReport: PartnerReport<PayflexCpConfig> = { mode: "per_order", pages };
