import type { ConsoleUser } from "@/lib/domain/access/console-user";
import { listTransactions } from "@/lib/domain/explorer/list-transactions";
import { prisma } from "@/lib/base/db/prisma";
import { escapeLike } from "@/lib/base/db/escape-like";
import { foldName } from "@/lib/base/text/fold-text";
import { parseTransactionFilters } from "@/lib/domain/schemas/transaction-filters";
import { findByIdentifier, type IdentifierTarget } from "./find-by-identifier";

/** How many of each kind the search page lists; the transactions link on to the explorer for the rest. */
const SHOWN = 10;

export type NamedAccount = { id: number; name: string };

export type ConsoleSearch = {
  q: string;
  /** An identifier naming exactly one thing: the page opens it directly where it has a page. */
  exact: IdentifierTarget | null;
  transactions: Awaited<ReturnType<typeof listTransactions>>;
  dealers: NamedAccount[];
  providers: NamedAccount[];
  sites: (NamedAccount & { dealerName: string; providerName: string })[];
};

/**
 * The console's one search box: an identifier opens what it names; anything else lists, within the user's
 * tenancy, the transactions the explorer finds for it (tracking code fragments, customers' names, usernames,
 * user ids, emails, IBANs, order ids and gateway references) and the dealers, providers and sites whose names
 * contain it (Turkish letters and case folded, as the customers' names are).
 */
export async function searchConsole(user: ConsoleUser, q: string): Promise<ConsoleSearch> {
  const text = q.trim().slice(0, 200);
  const { filters } = parseTransactionFilters({ q: text });
  const [exact, transactions, names] = await Promise.all([
    findByIdentifier(user, text),
    listTransactions(user, filters),
    namesContaining(user, text),
  ]);
  return { q: text, exact, transactions: { ...transactions, rows: transactions.rows.slice(0, SHOWN) }, ...names };
}

async function namesContaining(user: ConsoleUser, text: string) {
  const folded = foldName(text);
  if (folded.length < 2) return { dealers: [], providers: [], sites: [] };
  const like = `%${escapeLike(folded)}%`;
  const admin = user.role === "ADMIN";
  const dealerId = user.role === "DEALER" ? (user.dealerId ?? -1) : -1;
  const providerId = user.role === "PROVIDER" ? (user.providerId ?? -1) : -1;
  const [dealers, providers, sites] = await Promise.all([
    prisma.$queryRaw<NamedAccount[]>`
      SELECT id, name FROM dealers WHERE search_fold(name) LIKE ${like} AND (${admin} OR id = ${dealerId})
      ORDER BY name LIMIT ${SHOWN}`,
    prisma.$queryRaw<NamedAccount[]>`
      SELECT id, name FROM providers WHERE search_fold(name) LIKE ${like} AND (${admin} OR id = ${providerId})
      ORDER BY name LIMIT ${SHOWN}`,
    prisma.$queryRaw<ConsoleSearch["sites"]>`
      SELECT s.id, s.name, d.name AS "dealerName", p.name AS "providerName"
      FROM sites s JOIN dealers d ON d.id = s.dealer_id JOIN providers p ON p.id = s.provider_id
      WHERE search_fold(s.name) LIKE ${like}
        AND (${admin} OR s.dealer_id = ${dealerId} OR s.provider_id = ${providerId})
      ORDER BY s.name LIMIT ${SHOWN}`,
  ]);
  return { dealers, providers, sites };
}
