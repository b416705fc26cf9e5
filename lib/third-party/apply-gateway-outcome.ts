import { prisma } from "@/lib/db/prisma";
import type { TransactionStatus } from "@/lib/generated/prisma/client";
import { ApiError } from "@/lib/http/api-error";
import { announceDeliveries } from "@/lib/jobs/dispatch";
import { transitionTransaction } from "@/lib/transactions/transition-transaction";

export type GatewayOutcome = { clientRef: string; kind: "deposit" | "withdrawal"; status: "confirmed" | "declined" | "completed" | "failed" | "rejected"; amount?: string; reason?: string };

const MOVES: Record<GatewayOutcome["status"], { from: TransactionStatus[]; to: TransactionStatus; direction: "DEPOSIT" | "WITHDRAWAL" }> = {
  confirmed: { from: ["pending", "showing"], to: "completed", direction: "DEPOSIT" },
  declined: { from: ["pending", "showing"], to: "canceled", direction: "DEPOSIT" },
  completed: { from: ["processing"], to: "completed", direction: "WITHDRAWAL" },
  failed: { from: ["processing"], to: "failed", direction: "WITHDRAWAL" },
  rejected: { from: ["processing"], to: "rejected", direction: "WITHDRAWAL" },
};

/** A gateway's signed verdict on a deposit or withdrawal; a repeated one changes nothing. */
export async function applyGatewayOutcome(outcome: GatewayOutcome): Promise<"applied" | "ignored" | "unknown"> {
  const move = MOVES[outcome.status];
  const t = await prisma.transaction.findUnique({ where: { trackingCode: outcome.clientRef } });
  if (!t || !t.method.startsWith("TP_") || t.direction !== move.direction) return "unknown";
  try {
    const { deliveryIds } = await prisma.$transaction((tx) =>
      transitionTransaction(tx, {
        id: t.id,
        from: move.from,
        to: move.to,
        actor: { type: "GATEWAY", id: String(t.gatewayId ?? "") },
        note: outcome.reason ? `Gateway: ${outcome.status}, ${outcome.reason}` : `Gateway: ${outcome.status}`,
        data:
          move.to === "completed"
            ? { completedAt: new Date(), ...(move.direction === "DEPOSIT" && outcome.amount ? { finalAmount: outcome.amount } : {}) }
            : { errorMessage: outcome.reason ?? null },
      }),
    );
    await announceDeliveries(deliveryIds);
    return "applied";
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) return "ignored";
    throw error;
  }
}
