import { PartnerCallError } from "../ports";
import type { PartnerReport, ReportPage, ReportQuery } from "../report-port";
import { type Answer, authenticate, failureOf, send } from "./client";
import type { NowpaymentsConfig } from "./config";
import { readPaymentList, readPayoutList, type Window } from "./report-mapper";

/**
 * The day at NOWPayments, for the daily reconciliation: its payment list (deposits), then its payout list
 * (payouts), page by page, each answer a page. Both lists want the x-api-key and a JWT from POST /v1/auth
 * ("JWT token will be required for using 'Get list of payments' and 'Create payout'"), which expires in five
 * minutes: one is fetched before the first call and again once it is four minutes old.
 *
 * GET /v1/payment/: `limit` 1 to 500, `page` from 0 to pagesCount - 1, `sortBy` created_at, `orderBy` asc,
 * `dateFrom`/`dateTo` as yy-MM-ddTHH:mm:ss.SSSZ (the documented formats: a date or that instant). Oldest first
 * over a past window, so no payment moves between pages while we read them.
 *
 * GET /v1/payout: `order_by` dateCreated, `order` asc, `date_from`/`date_to`, `limit`, `page` (from 0, as the
 * payout search in withdrawal.ts pages it). The documentation gives neither a format for the dates nor a
 * total, so the window is asked as whole UTC dates around it (the date format withdrawal.ts already sends;
 * date_to the day after, whether NOWPayments reads it inclusively or not) and cut to the instants here; the
 * pages end at the first one shorter than the limit.
 *
 * NOWPayments documents no rate limit; a 429 is "retry" with its Retry-After (client.ts), as is any 5xx or
 * silence; a 400/401/403 is "refused" (a wrong API key or login). An answer that is not the documented list
 * throws before anything is yielded from it.
 */

/** The documented maximum for the payment list. */
const PAYMENT_PAGE_SIZE = 500;
/** The payout list documents no maximum: the page withdrawal.ts already asks for. */
const PAYOUT_PAGE_SIZE = 100;
/** A day has never near this many pages; past it the list is taken for one that does not end. */
const MAX_PAGES = 2000;
/** JWTs expire in five minutes: one older than this is not used for another call. */
const TOKEN_REUSE_MS = 4 * 60_000;

export type NowpaymentsReportOptions = { paymentPageSize?: number; payoutPageSize?: number };

/** The payout login's JWT, fetched again before it runs out. */
function tokens(config: NowpaymentsConfig): () => Promise<string> {
  let current: { token: string; at: number } | null = null;
  return async () => {
    if (!current || Date.now() - current.at > TOKEN_REUSE_MS)
      current = { token: await authenticate(config), at: Date.now() };
    return current.token;
  };
}

function bodyOf(answer: Answer, what: string): string {
  if (answer.status < 200 || answer.status >= 300) throw failureOf(answer, what);
  if (typeof answer.text !== "string") throw new Error(`NOWPayments answered ${what} without a body`);
  if (typeof answer.body === "string") throw new Error(`NOWPayments answered ${what} with something not JSON`);
  return answer.text;
}

const endless = (what: string) =>
  new PartnerCallError({ kind: "retry", reason: `NOWPayments' ${what} did not end within ${MAX_PAGES} pages` });

async function* paymentPages(
  config: NowpaymentsConfig,
  window: Window,
  token: () => Promise<string>,
  pageSize: number,
): AsyncGenerator<ReportPage> {
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = await send(config, {
      method: "GET",
      path: "/payment/",
      token: await token(),
      query: {
        limit: String(pageSize),
        page: String(page),
        sortBy: "created_at",
        orderBy: "asc",
        dateFrom: window.from.toISOString(),
        dateTo: window.to.toISOString(),
      },
    });
    const body = bodyOf(answer, "GET /payment/");
    const list = readPaymentList(answer.body, page, window);
    yield { body, records: list.records };
    const last = list.pagesCount !== null ? page + 1 >= list.pagesCount : list.listed < pageSize;
    if (last || list.listed === 0) return;
  }
  throw endless("payment list");
}

const utcDate = (at: Date) => at.toISOString().slice(0, 10);

async function* payoutPages(
  config: NowpaymentsConfig,
  window: Window,
  token: () => Promise<string>,
  pageSize: number,
): AsyncGenerator<ReportPage> {
  const dayAfter = new Date(window.to.getTime() + 24 * 3600_000);
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = await send(config, {
      method: "GET",
      path: "/payout",
      token: await token(),
      query: {
        order_by: "dateCreated",
        order: "asc",
        date_from: utcDate(window.from),
        date_to: utcDate(dayAfter),
        limit: String(pageSize),
        page: String(page),
      },
    });
    const body = bodyOf(answer, "GET /payout");
    const list = readPayoutList(answer.body, window);
    yield { body, records: list.records };
    if (list.listed < pageSize) return;
  }
  throw endless("payout list");
}

/** The report over a NOWPayments account; the page sizes are the partner's unless a test asks for smaller. */
export function nowpaymentsReport(options: NowpaymentsReportOptions = {}): PartnerReport<NowpaymentsConfig> {
  const paymentPageSize = Math.min(options.paymentPageSize ?? PAYMENT_PAGE_SIZE, PAYMENT_PAGE_SIZE);
  const payoutPageSize = options.payoutPageSize ?? PAYOUT_PAGE_SIZE;
  return {
    mode: "list",
    async *pages(config: NowpaymentsConfig, query: ReportQuery) {
      const window = { from: query.from, to: query.to };
      const token = tokens(config);
      yield* paymentPages(config, window, token, paymentPageSize);
      yield* payoutPages(config, window, token, payoutPageSize);
    },
  };
}
