import { z } from "zod";
import { formatIsoWithOffset } from "@/lib/base/time/format";
import type { PartnerRecord, PartnerReport, ReportPage, ReportQuery } from "../report-port";
import { exchangeWithPartner } from "./call-partner";
import type { HttpPartnerConfig } from "./config";
import { BANK_SIGNATURE_HEADER, GATEWAY_SIGNATURE_HEADER } from "./signature";
import { bankLine, instant, money, nextCursor } from "./wire-formats";

/**
 * The protocol's listings for the daily reconciliation (docs/partner-protocol.md, "Listing transactions"): a
 * gateway's transactions (`POST /transactions`) and a bank account's statement lines over a period
 * (`POST /statements/period`). Each page is a signed call whose answer must be signed for that very request,
 * as the status inquiries' are: an unsigned or wrongly signed page, or one that breaks the format, throws and
 * nothing of the day is matched.
 */

/** The protocol's largest page; a partner chooses any size up to it. */
export const LIST_PAGE_MAX = 500;

/** A listing refused for good until someone acts: bad credentials (401, 403) or a partner without the call (404). */
const LIST_REFUSALS = [401, 403, 404];

/** We send the period in Turkish local time, the protocol's partners' own; any zone is accepted back. */
const periodTime = (at: Date) => formatIsoWithOffset(at, "Europe/Istanbul");

const currency = z.string().regex(/^[A-Z]{3}$/);

const DEPOSIT_STATUSES = ["pending", "confirmed", "declined"];
const WITHDRAWAL_STATUSES = ["pending", "completed", "failed", "rejected"];

export const gatewayTransaction = z
  .object({
    reference: z.string().min(1).max(128),
    // Null for money the gateway took with none of our orders (a payment without a reference).
    clientRef: z.string().min(1).max(64).nullable(),
    kind: z.enum(["deposit", "withdrawal"]),
    amount: money,
    currency,
    status: z.enum(["pending", "confirmed", "declined", "completed", "failed", "rejected"]),
    occurredAt: instant,
    reason: z.string().max(500).nullish(),
  })
  .refine((t) => (t.kind === "deposit" ? DEPOSIT_STATUSES : WITHDRAWAL_STATUSES).includes(t.status), {
    path: ["status"],
    message: "is not a status of that kind",
  });

const gatewayPage = z.object({
  transactions: z.array(z.unknown()).max(LIST_PAGE_MAX),
  nextCursor,
});

const periodLine = bankLine.extend({ currency: currency.optional() });
const bankPage = z.object({ lines: z.array(z.unknown()).max(LIST_PAGE_MAX), nextCursor });

function problems(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join(".") || "(answer)"}: ${i.message}`).join(", ");
}

function parse(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${what} is not JSON`);
  }
}

/** Reads every item of a page or throws: one unreadable record makes the whole page unreadable. */
function readItems<T>(
  items: unknown[],
  schema: z.ZodType<T>,
  what: string,
): { item: T; raw: Record<string, unknown> }[] {
  return items.map((raw, i) => {
    const parsed = schema.safeParse(raw);
    if (!parsed.success) throw new Error(`${what}, record ${i}, is malformed: ${problems(parsed.error)}`);
    return { item: parsed.data, raw: raw as Record<string, unknown> };
  });
}

/**
 * The pages of a cursor-paged listing, first to last. A cursor handed back twice would page forever: that
 * partner's listing is unreadable.
 */
async function* paged(
  fetchPage: (cursor: string | null) => Promise<{ text: string; records: PartnerRecord[]; next: string | null }>,
): AsyncGenerator<ReportPage> {
  const sent = new Set<string>();
  let cursor: string | null = null;
  for (;;) {
    const page = await fetchPage(cursor);
    yield { body: page.text, records: page.records };
    if (page.next === null) return;
    if (sent.has(page.next) || page.next === cursor)
      throw new Error(`the partner's listing hands back cursor ${page.next} again: it would never end`);
    if (cursor !== null) sent.add(cursor);
    cursor = page.next;
  }
}

const GATEWAY_STATUS: Record<string, PartnerRecord["status"]> = {
  pending: "pending",
  confirmed: "succeeded",
  completed: "succeeded",
  declined: "failed",
  failed: "failed",
  rejected: "failed",
};

export function gatewayRecord(t: z.infer<typeof gatewayTransaction>, raw: Record<string, unknown>): PartnerRecord {
  return {
    kind: t.kind === "deposit" ? "deposit" : "payout",
    orderId: t.clientRef,
    partnerReference: t.reference,
    amount: t.amount,
    currency: t.currency,
    status: GATEWAY_STATUS[t.status]!,
    occurredAt: t.occurredAt,
    raw,
  };
}

/** A gateway's transactions of the period: deposits and payouts, named by our clientRef. */
export const gatewayReport: PartnerReport<HttpPartnerConfig> = {
  mode: "list",
  async *pages(config, query: ReportQuery) {
    const period = { from: periodTime(query.from), to: periodTime(query.to) };
    yield* paged(async (cursor) => {
      const { text } = await exchangeWithPartner<unknown>(
        config,
        GATEWAY_SIGNATURE_HEADER,
        "/transactions",
        { merchantId: config.merchantId ?? null, ...period, cursor },
        { signedAnswer: true, alsoRefused: LIST_REFUSALS },
      );
      const page = gatewayPage.safeParse(parse(text, "the gateway's transaction list"));
      if (!page.success) throw new Error(`the gateway's transaction list is malformed: ${problems(page.error)}`);
      const items = readItems(page.data.transactions, gatewayTransaction, "the gateway's transaction list");
      return { text, records: items.map(({ item, raw }) => gatewayRecord(item, raw)), next: page.data.nextCursor };
    });
  },
};

export function bankRecord(line: z.infer<typeof periodLine>, raw: Record<string, unknown>): PartnerRecord {
  const incoming = line.direction === "incoming";
  return {
    kind: incoming ? "deposit" : "payout",
    // A payment received names none of our orders; a transfer's line names our transfer (its clientRef).
    orderId: incoming ? null : (line.clientRef ?? null),
    partnerReference: line.reference,
    amount: line.amount,
    // An E-IBAN account is a Turkish lira account: the protocol's lines name a currency only when another.
    currency: line.currency ?? "TRY",
    status: line.status === "failed" ? "failed" : "succeeded",
    occurredAt: line.occurredAt,
    raw,
  };
}

/** One account's statement lines of the period: payments received (deposit) and our transfers (payout). */
export const bankReport: PartnerReport<HttpPartnerConfig> = {
  mode: "list",
  async *pages(config, query: ReportQuery) {
    const iban = query.account;
    if (!iban) throw new Error("the bank's statement is listed per account: the query names no IBAN");
    const period = { from: periodTime(query.from), to: periodTime(query.to) };
    yield* paged(async (cursor) => {
      const { text } = await exchangeWithPartner<unknown>(
        config,
        BANK_SIGNATURE_HEADER,
        "/statements/period",
        { iban, ...period, cursor },
        { signedAnswer: true, alsoRefused: LIST_REFUSALS },
      );
      const page = bankPage.safeParse(parse(text, "the bank's statement"));
      if (!page.success) throw new Error(`the bank's statement is malformed: ${problems(page.error)}`);
      const items = readItems(page.data.lines, periodLine, "the bank's statement");
      const foreign = items.find(({ item }) => item.iban !== undefined && item.iban !== iban);
      if (foreign)
        throw new Error(
          `the bank's statement for ${iban} holds line ${foreign.item.reference} of ${foreign.item.iban}`,
        );
      return { text, records: items.map(({ item, raw }) => bankRecord(item, raw)), next: page.data.nextCursor };
    });
  },
};
