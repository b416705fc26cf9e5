import { Prisma } from "@/lib/generated/prisma/client";
import { prisma, type Db } from "@/lib/base/db/prisma";
import { DomainError } from "@/lib/base/errors/domain-error";
import { refusal } from "@/lib/base/messages/errors";
import { startOfLocalDay } from "@/lib/base/time/format";
import { MAX_STATEMENT_DAYS } from "@/lib/domain/schemas/ledger-filters";
import { accountKey } from "./accounts";
import { shown } from "./balances";
import { isZero, negate, sumAmounts } from "./fee";
import { balanceAt } from "./snapshots";

export type Figure = { amount: string; count: number };

/** The daily settlement statement of a provider-dealer pair (docs/ledger.md "The daily statement per pair"). */
export type DailyStatement = {
  providerId: number;
  dealerId: number;
  day: string;
  from: Date;
  to: Date;
  opening: string;
  deposits: Figure;
  withdrawals: Figure;
  cardPayments: Figure;
  refunds: Figure;
  /** Paid by the dealer to the provider (settlements TO_PROVIDER recorded that day). */
  settlements: Figure;
  /**
   * The service's fees the dealer paid the service that day (settlements TO_SERVICE): they lower serviceFeesHeld, not
   * the pair's balance.
   */
  serviceSettlements: Figure;
  /** Positive: credited to the provider. */
  adjustments: Figure;
  serviceFees: string;
  dealerFees: string;
  closing: string;
  /** Who owes whom at the day's end: the closing balance, the right way round. */
  owed: { by: "dealer" | "provider" | "nobody"; amount: string };
  /** The service's fees on the pair that the dealer holds at the day's end, and the dealer's earned share. */
  serviceFeesHeld: string;
  dealerCommission: string;
};

/** The calendar day after `day` (YYYY-MM-DD). */
function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** A day as the statements take it (YYYY-MM-DD, a real date), else a keyed refusal naming the field. */
function checkDay(day: string, field: string): void {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) {
    throw DomainError.validation([
      refusal("badFormat", { field, rule: `${field} must be a date (YYYY-MM-DD)`, format: "date" }),
    ]);
  }
}

type Movement = { account: string; kind: string; line: string; sum: string; sets: number };

/**
 * The statement of `day` (an Istanbul day, like the API's dates) for one pair: the balance at the day's start,
 * the day's money events and fees on the pair, and the balance at its end, read from the book and checked
 * against the opening plus the day's figures.
 */
export async function dailyStatement(
  db: Db,
  input: { providerId: number; dealerId: number; day: string },
): Promise<DailyStatement> {
  const { providerId, dealerId, day } = input;
  checkDay(day, "day");
  const from = startOfLocalDay(day);
  const to = startOfLocalDay(nextDay(day));
  const keys = (["PROVIDER_PAYABLE", "SERVICE_FEES", "DEALER_COMMISSION"] as const).map((kind) =>
    accountKey({ kind, providerId, dealerId }),
  );
  // The balances at the day's start and end: the last daily snapshot before each plus the entries since.
  const ends = await db.$queryRaw<
    { kind: "PROVIDER_PAYABLE" | "SERVICE_FEES" | "DEALER_COMMISSION"; opening: string; closing: string }[]
  >`
    SELECT a.kind::text AS kind,
           ${balanceAt(Prisma.sql`a.id`, from, false)}::numeric(18,2)::text AS opening,
           ${balanceAt(Prisma.sql`a.id`, to, false)}::numeric(18,2)::text AS closing
    FROM ledger_accounts a
    WHERE a.key IN (${keys[0]}, ${keys[1]}, ${keys[2]})`;
  // The day's figures on the pair's account (and the service's fees account, for what was paid to the
  // service) by event and line, from the index alone. Each event has one AMOUNT line on an account, so
  // counting those counts the events.
  const moves = await db.$queryRaw<Movement[]>`
    SELECT a.kind::text AS account, e.event::text AS kind, e.line::text AS line, sum(e.amount)::numeric(18,2)::text
      AS sum, count(*)::int AS sets
    FROM ledger_accounts a
    JOIN ledger_entries e ON e.account_id = a.id AND e.posted_at >= ${from} AND e.posted_at < ${to}
    WHERE a.key IN (${keys[0]}, ${keys[1]})
    GROUP BY a.kind, e.event, e.line`;
  const end = (kind: string, at: "opening" | "closing") => {
    const row = ends.find((r) => r.kind === kind);
    return row ? shown(row.kind, row[at]) : "0.00";
  };
  // Figures on the pair's account (debits positive): money in is a credit, money out and fees are debits.
  const amountOf = (kind: string, credit: boolean, account = "PROVIDER_PAYABLE"): Figure => {
    const row = moves.find((m) => m.account === account && m.kind === kind && m.line === "AMOUNT");
    return row ? { amount: credit ? negate(row.sum) : row.sum, count: row.sets } : { amount: "0.00", count: 0 };
  };
  const fees = (line: string) =>
    sumAmounts(moves.filter((m) => m.account === "PROVIDER_PAYABLE" && m.line === line).map((m) => m.sum));
  const statement = {
    providerId,
    dealerId,
    day,
    from,
    to,
    opening: end("PROVIDER_PAYABLE", "opening"),
    deposits: amountOf("DEPOSIT", true),
    withdrawals: amountOf("WITHDRAWAL", false),
    cardPayments: amountOf("CARD_PAYMENT", true),
    refunds: amountOf("CARD_REFUND", false),
    settlements: amountOf("SETTLEMENT", false),
    serviceSettlements: amountOf("SETTLEMENT", false, "SERVICE_FEES"),
    adjustments: amountOf("ADJUSTMENT", true),
    serviceFees: fees("SERVICE_FEE"),
    dealerFees: fees("DEALER_FEE"),
    closing: end("PROVIDER_PAYABLE", "closing"),
    serviceFeesHeld: end("SERVICE_FEES", "closing"),
    dealerCommission: end("DEALER_COMMISSION", "closing"),
  };
  const computed = sumAmounts([
    statement.opening,
    statement.deposits.amount,
    negate(statement.withdrawals.amount),
    statement.cardPayments.amount,
    negate(statement.refunds.amount),
    negate(statement.serviceFees),
    negate(statement.dealerFees),
    negate(statement.settlements.amount),
    statement.adjustments.amount,
  ]);
  if (computed !== statement.closing)
    throw new Error(
      `statement ${providerId}/${dealerId} ${day}: closing ${statement.closing} but the figures add up to ${computed}`,
    );
  const owed = isZero(statement.closing)
    ? { by: "nobody" as const, amount: "0.00" }
    : statement.closing.startsWith("-")
      ? { by: "provider" as const, amount: negate(statement.closing) }
      : { by: "dealer" as const, amount: statement.closing };
  return { ...statement, owed };
}

/**
 * The pair's statements of each Istanbul day from `from` to `to` (YYYY-MM-DD, both included), the latest
 * first; a range longer than MAX_STATEMENT_DAYS, or reversed, is a keyed refusal.
 */
export async function dailyStatements(
  db: Db,
  input: { providerId: number; dealerId: number; from: string; to: string },
): Promise<DailyStatement[]> {
  checkDay(input.from, "from");
  checkDay(input.to, "to");
  const days: string[] = [];
  for (let day = input.from; day <= input.to && days.length <= MAX_STATEMENT_DAYS; day = nextDay(day))
    days.unshift(day);
  if (input.from > input.to) throw DomainError.validation([refusal("toAfterFrom")]);
  if (days.length > MAX_STATEMENT_DAYS)
    throw DomainError.validation([refusal("windowTooLong", { days: MAX_STATEMENT_DAYS })]);
  const statements: DailyStatement[] = [];
  for (const day of days)
    statements.push(await dailyStatement(db, { providerId: input.providerId, dealerId: input.dealerId, day }));
  return statements;
}

/** dailyStatement on the app's client, for a caller that holds none (the admin CLI). */
export function readDailyStatement(input: {
  providerId: number;
  dealerId: number;
  day: string;
}): Promise<DailyStatement> {
  return dailyStatement(prisma, input);
}
