import { randomUUID } from "node:crypto";
import { PartnerCallError } from "../ports";
import type { PartnerReport, ReportPage } from "../report-port";
import type { IyzicoConfig } from "./config";
import { iyzwsV2Authorization } from "./crypt";
import { readDailyTransactions } from "./report-mapper";

/**
 * The daily reconciliation's list at iyzico: the reporting service's daily transactions (docs.iyzico.com
 * "Raporlama" / "Reporting Service", "Gün Bazında Raporlama"): GET /v2/reporting/payment/transactions with
 * `transactionDate` (YYYY-MM-DD) and `page` (from 1), IYZWSv2-authenticated. It lists the payments, refunds and
 * cancels of one Turkish calendar day (iyzico's clock is Turkey's, so its day is our Istanbul day); each answer says
 * `currentPage` and `totalPageCount`, and the pages are asked one after another until the last.
 *
 * The official client hands back only the parsed body, and a page is kept exactly as iyzico sent it, so this call
 * is made here, authenticated as iyzico's Java and PHP clients authenticate their GET calls: the signature covers
 * the random key and the path without its query string, with no body (a GET carries none).
 */

export const DAILY_TRANSACTIONS_PATH = "/v2/reporting/payment/transactions";

/**
 * iyzico documents neither a page size nor a rate limit for the report. Pages are asked one at a time, never in
 * parallel; a day of more pages than this is not believed (a report that keeps growing is asked again later).
 */
const MAX_PAGES = 5000;

type Answer = { httpStatus: number; body: string };

async function askPage(config: IyzicoConfig, query: URLSearchParams): Promise<Answer> {
  const randomKey = randomUUID();
  const authorization = iyzwsV2Authorization({
    apiKey: config.apiKey,
    secretKey: config.secretKey,
    randomKey,
    uriPath: DAILY_TRANSACTIONS_PATH,
    body: "",
  });
  let response: Response;
  try {
    response = await fetch(`${config.baseUrl}${DAILY_TRANSACTIONS_PATH}?${query.toString()}`, {
      method: "GET",
      headers: {
        Accept: "application/json",
        "Content-Type": "application/json",
        Authorization: authorization,
        "x-iyzi-rnd": randomKey,
      },
      redirect: "error",
      signal: AbortSignal.timeout(config.timeoutMs),
    });
  } catch (error) {
    throw new PartnerCallError({ kind: "retry", reason: `iyzico's report could not be had (${reasonOf(error)})` });
  }
  try {
    return { httpStatus: response.status, body: await response.text() };
  } catch (error) {
    throw new PartnerCallError({ kind: "retry", reason: `iyzico's report answer was cut off (${reasonOf(error)})` });
  }
}

function reasonOf(error: unknown): string {
  const err = error as { name?: string; message?: string; cause?: { code?: string } };
  if (err.name === "TimeoutError") return "no answer in time";
  return err.cause?.code ?? err.message ?? String(error);
}

async function* pages(config: IyzicoConfig, query: { day: string }): AsyncGenerator<ReportPage> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(query.day)) throw new Error(`not a day: ${JSON.stringify(query.day)}`);
  let totalPageCount = 1;
  for (let page = 1; page <= totalPageCount; page += 1) {
    if (page > MAX_PAGES) throw new Error(`iyzico's report of ${query.day} has more than ${MAX_PAGES} pages`);
    // The conversationId comes back in the answer: it ties each answer to the page asked for.
    const conversationId = `report-${query.day}-${page}`;
    const params = new URLSearchParams({
      locale: "tr",
      conversationId,
      transactionDate: query.day,
      page: String(page),
    });
    const { httpStatus, body } = await askPage(config, params);
    const read = readDailyTransactions(body, httpStatus, { page, conversationId });
    // Records made while the day is listed can add pages: the latest answer's count is the one followed.
    totalPageCount = read.totalPageCount;
    yield { body, records: read.records };
  }
}

export const iyzicoReport: PartnerReport<IyzicoConfig> = { mode: "list", pages };
