import { prisma } from "@/lib/base/db/prisma";
import { DomainError } from "@/lib/base/errors/domain-error";
import { parseLocalDateTime } from "@/lib/base/time/parse-local";
import { ownedTransactionWhere, type ApiOwner } from "@/lib/domain/access/api-owner";
import type { Prisma, Transaction, TransactionStatus } from "@/lib/generated/prisma/client";
import { refusal } from "@/lib/base/messages/errors";

/** The longest window one listing pass may ask for. */
export const LIST_WINDOW_MAX_DAYS = 31;

/** What the list endpoints ask for, as their schemas parse it: a window of local times, filters, a page. */
export type TransactionListInput = {
  from: string;
  to: string;
  site_id?: number;
  status?: TransactionStatus;
  cursor?: string;
  limit: number;
};

/** One page: the rows, the cursor of the next page (null on the last) and the window every page answers. */
export type TransactionPage = {
  rows: (Transaction & { site: { id: number; name: string } | null })[];
  nextCursor: string | null;
  window: { from: Date; to: Date };
};

/**
 * How far created_at may lag behind a row's commit. created_at is the inserting transaction's start; creates
 * run in one statement or in an interactive transaction that Prisma ends after 5 s, so a row committed now
 * was created less than this long ago. Rows newer than now minus this are not listed yet, so a page never
 * leaves a gap behind it for a late commit to land in (docs/decisions.md "Reading transactions").
 */
export const COMMIT_SETTLE_MS = 60_000;

/** The last row a page answered, and the end of the window the first page fixed for the whole pass. */
type Cursor = { createdAt: Date; id: number; until: Date };

/** base64url of "<created_at epoch ms>.<id>.<window end epoch ms>": opaque to the caller, no state on the server. */
function encodeCursor(c: Cursor): string {
  return Buffer.from(`${c.createdAt.getTime()}.${c.id}.${c.until.getTime()}`).toString("base64url");
}

function decodeCursor(text: string): Cursor {
  const m = /^(\d{1,15})\.(\d{1,10})\.(\d{1,15})$/.exec(Buffer.from(text, "base64url").toString("utf8"));
  if (!m) throw DomainError.validation([refusal("cursorUnknown")]);
  return { createdAt: new Date(Number(m[1])), id: Number(m[2]), until: new Date(Number(m[3])) };
}

function listWindow(input: TransactionListInput, now: Date, after: Cursor | null): { from: Date; to: Date } {
  const from = parseLocalDateTime(input.from);
  const to = parseLocalDateTime(input.to);
  const errors = [
    ...(from ? [] : [refusal("notReal", { field: "from" })]),
    ...(to ? [] : [refusal("notReal", { field: "to" })]),
  ];
  if (errors.length) throw DomainError.validation(errors);
  if (to! <= from!) throw DomainError.validation([refusal("toAfterFrom")]);
  if (to!.getTime() - from!.getTime() > LIST_WINDOW_MAX_DAYS * 86_400_000)
    throw DomainError.validation([refusal("windowTooLong", { days: LIST_WINDOW_MAX_DAYS })]);
  // Whole seconds, as the answer writes window.to: the next pass starting there neither repeats nor skips a row.
  // Later pages keep the first page's end, so every page answers the same window.to and the next pass
  // starting there misses nothing the pages above the cursor could not see.
  const nowSettled = new Date(Math.floor((now.getTime() - COMMIT_SETTLE_MS) / 1000) * 1000);
  const settled = after && after.until < nowSettled ? after.until : nowSettled;
  return { from: from!, to: to! < settled ? to! : settled };
}

/**
 * The caller's transactions created in [from, to), newest first, a page at a time with a keyset cursor on
 * (created_at, id): a row inserted while the caller pages either sorts above the cursor (left for the next
 * pass, which starts at window.to) or below it (on a later page), never on two pages.
 */
export async function listApiTransactions(
  owner: ApiOwner,
  input: TransactionListInput,
  now = new Date(),
): Promise<TransactionPage> {
  const after = input.cursor ? decodeCursor(input.cursor) : null;
  const span = listWindow(input, now, after);
  const where: Prisma.TransactionWhereInput = {
    AND: [
      ownedTransactionWhere(owner),
      { createdAt: { gte: span.from, lt: span.to } },
      input.site_id === undefined ? {} : { siteId: input.site_id },
      input.status === undefined ? {} : { status: input.status },
      after
        ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] }
        : {},
    ],
  };
  const rows = await prisma.transaction.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: input.limit + 1,
    include: { site: { select: { id: true, name: true } } },
  });
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    rows: page,
    nextCursor:
      rows.length > input.limit && last
        ? encodeCursor({ createdAt: last.createdAt, id: last.id, until: span.to })
        : null,
    window: span,
  };
}
