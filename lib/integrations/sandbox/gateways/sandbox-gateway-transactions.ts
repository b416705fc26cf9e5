import { z } from "zod";
import { prisma } from "@/lib/base/db/prisma";
import { periodFields, PERIOD_RULE, SANDBOX_LIST_PAGE, validPeriod } from "../listing-period";

/** A sandbox gateway's cursor: the last listed order's time (ms) and reference, so a page never repeats one. */
const CURSOR = /^(\d{1,15})\.([A-Za-z0-9_-]{1,128})$/;

export const transactionsRequest = z
  .object({
    merchantId: z.string(),
    ...periodFields,
    cursor: z.string().regex(CURSOR, "cursor is not one this gateway handed out").nullable(),
  })
  .refine(validPeriod, PERIOD_RULE);

/**
 * A sandbox gateway's deposits and payouts of a period, as the http-partner protocol's `/transactions` lists
 * them: each order once, with its current status, in the period its status was reached (the order's last
 * change: a sandbox order changes only when it is decided), oldest first.
 */
export async function listSandboxGatewayTransactions(request: z.infer<typeof transactionsRequest>) {
  const after = request.cursor ? CURSOR.exec(request.cursor) : null;
  const at = after ? new Date(Number(after[1])) : null;
  const rows = await prisma.sandboxGatewayOrder.findMany({
    where: {
      gatewayCode: request.merchantId,
      updatedAt: { gte: new Date(request.from), lt: new Date(request.to) },
      ...(at && after ? { OR: [{ updatedAt: { gt: at } }, { updatedAt: at, reference: { gt: after[2]! } }] } : {}),
    },
    orderBy: [{ updatedAt: "asc" }, { reference: "asc" }],
    take: SANDBOX_LIST_PAGE + 1,
  });
  const page = rows.slice(0, SANDBOX_LIST_PAGE);
  const last = page.at(-1);
  return {
    transactions: page.map((o) => ({
      reference: o.reference,
      clientRef: o.clientRef,
      kind: o.kind,
      amount: o.amount.toFixed(2),
      // The sandbox gateways take orders in Turkish lira (their crypto quotes are converted from it).
      currency: "TRY",
      status: o.status,
      occurredAt: o.updatedAt.toISOString(),
    })),
    nextCursor: rows.length > SANDBOX_LIST_PAGE && last ? `${last.updatedAt.getTime()}.${last.reference}` : null,
  };
}
