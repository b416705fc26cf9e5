import { z } from "zod";
import { prisma } from "@/lib/base/db/prisma";
import { inTransaction } from "@/lib/base/db/transaction";
import type { SandboxSessionState } from "@/lib/integrations/connectors/sandbox-card/wire";
import { refundEntry, refundIdsOf } from "./refund-entries";
import { expireSandboxSessionIfDue } from "./sandbox-checkout";

/** The sandbox acquirer's merchant API beyond opening checkouts: status inquiry, refunds, a signed ping. */
export const inquiryRequest = z.object({ orderId: z.string().min(1) });
export const refundRequest = z.object({
  orderId: z.string().min(1),
  refundId: z.string().min(1).max(64),
  amount: z.string().regex(/^\d{1,16}\.\d{2}$/),
});

type Answer = { status: number; body: Record<string, unknown> };

export async function sandboxInquiry(orderId: string): Promise<Answer> {
  const found = await prisma.sandboxAcquirerSession.findUnique({ where: { orderId }, select: { id: true } });
  if (!found) return { status: 404, body: { error: "Unknown order" } };
  await expireSandboxSessionIfDue(found.id);
  const s = await prisma.sandboxAcquirerSession.findUniqueOrThrow({ where: { id: found.id } });
  const state: SandboxSessionState = {
    orderId: s.orderId,
    sessionId: s.id,
    status: s.status as SandboxSessionState["status"],
    amount: s.amount.toFixed(2),
    refundedAmount: s.refundedAmount.toFixed(2),
    refundIds: refundIdsOf(s.refundIds),
    errorCode: s.errorCode,
    errorMessage: s.errorMessage,
    authCode: s.authCode,
  };
  return { status: 200, body: state };
}

/**
 * A refund of an approved session, at most what is left of it; the same refund id again is answered as
 * before and paid once. Cents are whole numbers here, never floating point.
 */
export async function sandboxRefund(request: z.infer<typeof refundRequest>): Promise<Answer> {
  return inTransaction(async (tx) => {
    const rows = await tx.$queryRaw<
      { id: string }[]
    >`SELECT id FROM sandbox_acquirer_sessions WHERE order_id = ${request.orderId} FOR UPDATE`;
    const s = rows[0] ? await tx.sandboxAcquirerSession.findUniqueOrThrow({ where: { id: rows[0].id } }) : null;
    if (!s) return { status: 404, body: { code: "ORDER_NOT_FOUND", message: "The acquirer does not know this order" } };
    if (refundIdsOf(s.refundIds).includes(request.refundId))
      return { status: 200, body: { reference: `rf_${request.refundId}` } };
    if (s.status !== "approved")
      return {
        status: 422,
        body: { code: "NOT_REFUNDABLE", message: `The payment is ${s.status} at the acquirer, nothing to refund` },
      };
    const cents = (d: { toFixed(n: number): string } | string) =>
      BigInt(String(typeof d === "string" ? d : d.toFixed(2)).replace(".", ""));
    const left = cents(s.amount) - cents(s.refundedAmount);
    if (cents(request.amount) <= 0n || cents(request.amount) > left) {
      return {
        status: 422,
        body: {
          code: "REFUND_EXCEEDS_AMOUNT",
          message: `The refund exceeds what is left to refund (${(Number(left) / 100).toFixed(2)})`,
        },
      };
    }
    await tx.sandboxAcquirerSession.update({
      where: { id: s.id },
      data: {
        refundedAmount: { increment: request.amount },
        refundIds: { push: refundEntry(request.refundId, request.amount, new Date()) },
      },
    });
    return { status: 200, body: { reference: `rf_${request.refundId}` } };
  });
}
