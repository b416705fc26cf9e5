import { prisma } from "@/lib/base/db/prisma";

const PAGE = 100;

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
  const transfers = await prisma.sandboxBankTransfer.findMany({
    where: { reference: { in: rows.filter((r) => r.direction === "outgoing").map((r) => r.reference) } },
    select: { reference: true, clientRef: true },
  });
  const clientRefOf = new Map(transfers.map((t) => [t.reference, t.clientRef]));
  return {
    lines: rows.map((r) => ({
      reference: r.reference,
      direction: r.direction,
      amount: r.amount.toFixed(2),
      counterpartyName: r.counterpartyName,
      counterpartyIban: r.counterpartyIban,
      description: r.description,
      occurredAt: r.occurredAt.toISOString(),
      clientRef: clientRefOf.get(r.reference) ?? null,
      status: r.direction === "outgoing" ? "completed" : undefined,
    })),
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
