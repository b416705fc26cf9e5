/**
 * The bench's scale section on a server and database the bench started: creates/s, the dealer's statement p99,
 * console pages, the runner's claim query and the ledger's reads with no data, then again after loading `scale`
 * transactions and their ledger (scripts/bench/million.ts).
 */
import type { TestDatabase } from "../../e2e/support/test-database";
import { timeLedgerReads } from "./ledger-reads";
import { FIRST_PAGE, loadMillion } from "./million";
import type { Result, ScaleFigures } from "./report";
import type { LoadMode } from "./requests";
import type { BenchTenant } from "./setup";
import { timeClaimQuery, timeConsolePages } from "./timings";

export type ScaleSection = { at0: ScaleFigures; atScale: ScaleFigures; loadSeconds: Record<string, number> };

/** The console pages timed at scale: what an operator opens first, and the explorer's costly shapes. */
const CONSOLE_PAGES: Record<string, string> = {
  dashboard: "/console",
  "explorer, newest": "/console/transactions",
  "explorer, search": `/console/transactions?q=${FIRST_PAGE.customer}`,
  "explorer, filter": "/console/transactions?status=pending&method=MANUAL_BANK",
  approvals: "/console/approvals",
  deliveries: "/console/deliveries",
};

export async function measureAtScale(deps: {
  database: TestDatabase;
  baseUrl: string;
  tenant: BenchTenant;
  scale: number;
  pageRuns: number;
  /** A closed-loop run of `mode` at c=16 against the server. */
  load: (mode: LoadMode) => Promise<Result>;
}): Promise<ScaleSection> {
  const { database, baseUrl, tenant, scale, pageRuns, load } = deps;
  const measure = async (label: string): Promise<ScaleFigures> => {
    console.log(`scale: measuring with ${label} transactions…`);
    return {
      creates: await load("creates"),
      dealerHistory: await load("dealer-history"),
      pages: await timeConsolePages(baseUrl, CONSOLE_PAGES, pageRuns),
      claim: await timeClaimQuery(database.url, 20),
      ledger: await timeLedgerReads(database.url, baseUrl, tenant, pageRuns),
    };
  };
  // Not quite nothing: one customer's first page of history (see loadMillion), for like-for-like pages.
  await loadMillion(database.url, tenant.ids, FIRST_PAGE.rows, FIRST_PAGE.customer);
  const at0 = await measure("no");
  console.log(`scale: loading ${scale.toLocaleString("en")} transactions…`);
  const loadSeconds = await loadMillion(database.url, tenant.ids, scale);
  const atScale = await measure(scale.toLocaleString("en"));
  return { at0, atScale, loadSeconds };
}
