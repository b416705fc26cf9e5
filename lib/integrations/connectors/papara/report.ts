import { PartnerCallError } from "../ports";
import type { PartnerReport, ReportPage, ReportQuery } from "../report-port";
import { callPaparaAsSent, PaparaRefusal } from "./client";
import type { PaparaConfig } from "./config";
import { readLedgerPage } from "./report-mapper";

/**
 * The day at Papara, for the daily reconciliation: the merchant account's ledger ("List Ledgers",
 * `POST /account/ledgers` with the `ApiKey` header), which holds every payment completed (deposits), refunded,
 * and every mass payment made (payouts), each with our reference (report-mapper.ts).
 *
 * The body is `{ startDate, endDate, page, pageSize }`: the dates as Papara's clients send them (ISO 8601 in
 * UTC, "2020-01-01T00:00:00.000Z"), `page` from 1 ("if the requested date has more than 1 page of results for the
 * requested pageSize, use this to iterate through pages"), `pageSize` at most 50. The answer says the page and
 * the total of pages (totalPageCount); the pages are read until that one. Papara documents no rate limit and no
 * longest period. No entryType filter is sent: a refund's entry type is not documented, and only one type can be
 * asked per call.
 *
 * Failures: no answer, a 5xx, a 429 or a body that is not Papara's JSON are "retry" (client.ts); the key refused
 * (401/403) or the request refused (`succeeded: false` with a definite code) are "refused"; a 404 (nothing at
 * that path: a wrong base URL) is "retry". An answer that is not the documented page throws.
 */

/** Papara's maximum (Min=1, Max=50). */
const PAGE_SIZE = 50;
/** A day has never near this many pages; past it the ledger is taken for one that does not end. */
const MAX_PAGES = 5000;

export type PaparaReportOptions = { pageSize?: number };

async function ledgerAnswer(
  config: PaparaConfig,
  body: Record<string, unknown>,
): Promise<{ data: Record<string, unknown>; text: string }> {
  let answer;
  try {
    answer = await callPaparaAsSent(config, { method: "POST", path: "/account/ledgers", body });
  } catch (error) {
    if (error instanceof PaparaRefusal) throw new PartnerCallError({ kind: "refused", error: error.error });
    throw error;
  }
  if (answer.result.kind === "not_found")
    throw new PartnerCallError({ kind: "retry", reason: "Papara answered 404 on POST /account/ledgers" });
  if (!answer.result.data) throw new Error("Papara answered the ledger without its data");
  return { data: answer.result.data, text: answer.text };
}

/** The report over a Papara merchant account; the page size is Papara's maximum unless a test asks for smaller. */
export function paparaReport(options: PaparaReportOptions = {}): PartnerReport<PaparaConfig> {
  const pageSize = Math.min(options.pageSize ?? PAGE_SIZE, PAGE_SIZE);
  return {
    mode: "list",
    async *pages(config: PaparaConfig, query: ReportQuery): AsyncGenerator<ReportPage> {
      const window = { from: query.from, to: query.to };
      for (let page = 1; page <= MAX_PAGES; page++) {
        const { data, text } = await ledgerAnswer(config, {
          startDate: query.from.toISOString(),
          endDate: query.to.toISOString(),
          page,
          pageSize,
        });
        const ledger = readLedgerPage(data, page, window);
        yield { body: text, records: ledger.records };
        const last = ledger.totalPageCount !== null ? page >= ledger.totalPageCount : ledger.listed < pageSize;
        if (last || ledger.listed === 0) return;
      }
      throw new PartnerCallError({
        kind: "retry",
        reason: `Papara's ledger did not end within ${MAX_PAGES} pages`,
      });
    },
  };
}
