import { z } from "zod";
import { prisma } from "@/lib/base/db/prisma";
import type { SandboxBankLine } from "@/lib/generated/prisma/client";
import { periodFields, PERIOD_RULE, SANDBOX_LIST_PAGE, validPeriod } from "../listing-period";

const PAGE = 100;

/** Lines as the protocol's statements give them; outgoing lines of transfers carry the order's clientRef. */
async function statementLines(rows: SandboxBankLine[]) {
  const transfers = await prisma.sandboxBankTransfer.findMany({
    where: { reference: { in: rows.filter((r) => r.direction === "outgoing").map((r) => r.reference) } },
    select: { reference: true, clientRef: true },
  });
  const clientRefOf = new Map(transfers.map((t) => [t.reference, t.clientRef]));
  return rows.map((r) => ({
    reference: r.reference,
    direction: r.direction,
    amount: r.amount.toFixed(2),
    counterpartyName: r.counterpartyName,
    counterpartyIban: r.counterpartyIban,
    description: r.description,
    occurredAt: r.occurredAt.toISOString(),
    clientRef: clientRefOf.get(r.reference) ?? null,
    status: r.direction === "outgoing" ? "completed" : undefined,
  }));
}

/**
 * An account's statement after a cursor (the sandbox's cursor is the last line id it returned), as the
 * http-partner protocol's /statements answers it; outgoing lines of transfers carry the order's clientRef.
 */
export async function sandboxStatement(iban: string, cursor: string | null) {
  const after = cursor && /^\d{1,12}$/.test(cursor) ? Number(cursor) : 0;
  const rows = await prisma.sandboxBankLine.findMany({
    where: { accountIban: iban, id: { gt: after } },
    orderBy: { id: "asc" },
    take: PAGE,
  });
  return {
    lines: await statementLines(rows),
    nextCursor: rows.length ? String(rows[rows.length - 1]!.id) : cursor,
  };
}

/** A transfer's state by the client's reference, as the protocol's /transfers/inquiry answers it. */
export async function sandboxTransferState(clientRef: string) {
  const transfer = await prisma.sandboxBankTransfer.findUnique({ where: { clientRef } });
  if (!transfer) return { clientRef, status: "not_found" as const, reference: null };
  return {
    clientRef,
    status: transfer.status as "pending" | "completed" | "failed",
    reference: transfer.reference,
    reason: transfer.failureReason,
  };
}

export const statementPeriodRequest = z
  .object({
    iban: z.string().min(1),
    ...periodFields,
    cursor: z
      .string()
      .regex(/^\d{1,12}$/, "cursor is not one this bank handed out")
      .nullable(),
  })
  .refine(validPeriod, PERIOD_RULE);

/**
 * An account's lines booked in a period, oldest first, as the protocol's `/statements/period` lists them for
 * reconciliation (the cursor is the last line id listed; null after the last page).
 */
export async function sandboxStatementPeriod(request: z.infer<typeof statementPeriodRequest>) {
  const rows = await prisma.sandboxBankLine.findMany({
    where: {
      accountIban: request.iban,
      occurredAt: { gte: new Date(request.from), lt: new Date(request.to) },
      ...(request.cursor ? { id: { gt: Number(request.cursor) } } : {}),
    },
    orderBy: { id: "asc" },
    take: SANDBOX_LIST_PAGE + 1,
  });
  const page = rows.slice(0, SANDBOX_LIST_PAGE);
  return {
    lines: await statementLines(page),
    nextCursor: rows.length > SANDBOX_LIST_PAGE ? String(page.at(-1)!.id) : null,
  };
}
