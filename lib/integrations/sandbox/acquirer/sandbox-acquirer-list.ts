import { z } from "zod";
import { prisma } from "@/lib/base/db/prisma";
import type { SandboxAcquirerSession } from "@/lib/generated/prisma/client";
import {
  LIST_PAGE_MAX,
  type SandboxListedTransaction,
  type SandboxSessionState,
} from "@/lib/integrations/connectors/sandbox-card/wire";
import { periodFields, PERIOD_RULE, validPeriod } from "../listing-period";
import { refundsOf } from "./refund-entries";

export const listRequest = z
  .object({
    merchant: z.string().min(1),
    ...periodFields,
    cursor: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, "cursor is not one the acquirer handed out")
      .nullable(),
  })
  .refine(validPeriod, PERIOD_RULE);

const SESSIONS_PER_PAGE = 50;

/** A checkout still open past its expiry is closed (expired): listed so without writing during a listing. */
function saleStatus(s: SandboxAcquirerSession, now: Date): SandboxSessionState["status"] {
  const open = s.status === "open" || s.status === "challenge";
  return open && s.expiresAt && s.expiresAt <= now ? "expired" : (s.status as SandboxSessionState["status"]);
}

/**
 * A merchant's sales and refunds of a period, from the sandbox acquirer's own books (wire.ts,
 * `/api/transactions`): a sale in the period its checkout opened, a refund in the period it was made; paged
 * by session id.
 */
export async function sandboxAcquirerTransactions(request: z.infer<typeof listRequest>) {
  const from = new Date(request.from);
  const to = new Date(request.to);
  const now = new Date();
  const sessions = await prisma.sandboxAcquirerSession.findMany({
    where: {
      merchant: request.merchant,
      ...(request.cursor ? { id: { gt: request.cursor } } : {}),
      OR: [{ createdAt: { gte: from, lt: to } }, { refundedAmount: { gt: 0 }, updatedAt: { gte: from } }],
    },
    orderBy: { id: "asc" },
    take: SESSIONS_PER_PAGE,
  });
  const transactions: SandboxListedTransaction[] = [];
  let last: string | null = null;
  for (const s of sessions) {
    const listed: SandboxListedTransaction[] = [];
    const common = { orderId: s.orderId, sessionId: s.id, currency: s.currency };
    if (s.createdAt >= from && s.createdAt < to)
      listed.push({
        ...common,
        type: "sale",
        reference: s.id,
        amount: s.amount.toFixed(2),
        status: saleStatus(s, now),
        occurredAt: s.createdAt.toISOString(),
      });
    for (const r of refundsOf(s))
      if (r.at >= from && r.at < to)
        listed.push({
          ...common,
          type: "refund",
          reference: r.reference,
          amount: r.amount,
          status: "approved",
          occurredAt: r.at.toISOString(),
        });
    // A session's records are never split across pages (the first one goes in whatever it holds).
    if (transactions.length > 0 && transactions.length + listed.length > LIST_PAGE_MAX) break;
    transactions.push(...listed);
    last = s.id;
  }
  const more = sessions.length === SESSIONS_PER_PAGE || last !== sessions.at(-1)?.id;
  return { transactions, nextCursor: more && last !== null ? last : null };
}
