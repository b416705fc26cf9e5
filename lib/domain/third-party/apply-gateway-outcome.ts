import { prisma } from "@/lib/base/db/prisma";
import type { Gateway, TransactionStatus } from "@/lib/generated/prisma/client";
import { announceDeliveries } from "@/lib/domain/outbox/dispatch";
import { logger } from "@/lib/base/observability/logger";
import { reportOutcome } from "@/lib/domain/transactions/report-outcome";
import { gatewayActor } from "@/lib/domain/transactions/transition-actor";
import { KINDS } from "@/lib/domain/payment-methods/third-party-kinds";

export type GatewayOutcome = { reference: string; clientRef: string; kind: "deposit" | "withdrawal"; status: "confirmed" | "declined" | "completed" | "failed" | "rejected"; amount?: string; reason?: string };

const OUTCOMES: Record<GatewayOutcome["status"], { to: TransactionStatus; direction: "DEPOSIT" | "WITHDRAWAL" }> = {
  confirmed: { to: "completed", direction: "DEPOSIT" },
  declined: { to: "canceled", direction: "DEPOSIT" },
  completed: { to: "completed", direction: "WITHDRAWAL" },
  failed: { to: "failed", direction: "WITHDRAWAL" },
  rejected: { to: "rejected", direction: "WITHDRAWAL" },
};

const TP_METHODS = Object.values(KINDS).map((k) => k.method);

/**
 * A gateway's signed verdict. It can only concern a transaction bound to that very gateway (gateway_id and,
 * once known, its order reference); anything else is unknown to it. The lifecycle table then decides:
 * applied, a repeat (nothing changes), or a conflict recorded in the history and raised for staff.
 */
export async function applyGatewayOutcome(gateway: Gateway, outcome: GatewayOutcome): Promise<"applied" | "duplicate" | "conflict" | "unknown"> {
  const { to, direction } = OUTCOMES[outcome.status];
  const t = await prisma.transaction.findUnique({ where: { trackingCode: outcome.clientRef }, select: { id: true, method: true, direction: true, gatewayId: true, gatewayReference: true } });
  const bound = t && TP_METHODS.includes(t.method) && t.direction === direction && t.gatewayId === gateway.id && (t.gatewayReference === null || t.gatewayReference === outcome.reference);
  if (!t || !bound) {
    logger.warn({ gateway: gateway.code, client_ref: outcome.clientRef, status: outcome.status }, "gateway notification for a transaction not bound to this gateway: ignored");
    return "unknown";
  }
  const { result, deliveryIds } = await prisma.$transaction((tx) =>
    reportOutcome(tx, {
      id: t.id,
      to,
      actor: gatewayActor(gateway),
      source: `gateway ${gateway.code}`,
      reported: `${outcome.status}${outcome.amount ? ` ${outcome.amount}` : ""}${outcome.reason ? ` (${outcome.reason})` : ""}`,
      note: outcome.reason ? `Gateway: ${outcome.status}, ${outcome.reason}` : `Gateway: ${outcome.status}`,
      finalAmount: direction === "DEPOSIT" && to === "completed" ? outcome.amount : undefined,
      data: {
        ...(to === "completed" ? { completedAt: new Date() } : { errorMessage: outcome.reason ?? null }),
        ...(t.gatewayReference === null ? { gatewayReference: outcome.reference } : {}),
      },
    }),
  );
  await announceDeliveries(deliveryIds);
  return result;
}
