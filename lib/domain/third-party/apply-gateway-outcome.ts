import { prisma } from "@/lib/base/db/prisma";
import { note } from "@/lib/base/messages/notes";
import { inTransaction } from "@/lib/base/db/transaction";
import type { Gateway, TransactionStatus } from "@/lib/generated/prisma/client";
import { logger } from "@/lib/base/observability/logger";
import { reportOutcome } from "@/lib/domain/transactions/report-outcome";
import { gatewayActor } from "@/lib/domain/transactions/transition-actor";
import { KINDS } from "@/lib/domain/payment-methods/third-party-kinds";
import type { PaymentOutcome } from "@/lib/integrations/connectors/ports";

export type GatewayOutcome = {
  reference: string | null;
  clientRef: string;
  kind: "deposit" | "withdrawal";
  status: "confirmed" | "declined" | "completed" | "failed" | "rejected";
  amount?: string;
  reason?: string;
};

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
export async function applyGatewayOutcome(
  gateway: Gateway,
  outcome: GatewayOutcome,
): Promise<"applied" | "duplicate" | "conflict" | "unknown"> {
  const { to, direction } = OUTCOMES[outcome.status];
  const t = await prisma.transaction.findUnique({
    where: { trackingCode: outcome.clientRef },
    select: { id: true, method: true, direction: true, gatewayId: true, gatewayReference: true },
  });
  const bound =
    t &&
    (TP_METHODS as string[]).includes(t.method) &&
    t.direction === direction &&
    t.gatewayId === gateway.id &&
    (t.gatewayReference === null || outcome.reference === null || t.gatewayReference === outcome.reference);
  if (!t || !bound) {
    logger.warn(
      { gateway: gateway.code, client_ref: outcome.clientRef, status: outcome.status },
      "gateway notification for a transaction not bound to this gateway: ignored",
    );
    return "unknown";
  }
  const { result } = await inTransaction((tx) =>
    reportOutcome(tx, {
      id: t.id,
      to,
      actor: gatewayActor(gateway),
      source: `gateway ${gateway.code}`,
      reported: [outcome.status, outcome.amount, outcome.reason && `(${outcome.reason})`].filter(Boolean).join(" "),
      note: note("gateway", { status: outcome.status, reason: outcome.reason ?? undefined }),
      finalAmount: direction === "DEPOSIT" && to === "completed" ? outcome.amount : undefined,
      data: {
        ...(to === "completed" ? { completedAt: new Date() } : { errorMessage: outcome.reason ?? null }),
        ...(t.gatewayReference === null && outcome.reference !== null ? { gatewayReference: outcome.reference } : {}),
      },
    }),
  );
  return result;
}

/**
 * A connector's verified outcome (a notification or an inquiry's answer) in the gateway's words above;
 * null when it decides nothing yet (pending, or an order the gateway does not know).
 */
export function gatewayOutcomeOf(
  clientRef: string,
  direction: "deposit" | "withdrawal",
  outcome: PaymentOutcome,
): GatewayOutcome | null {
  if (outcome.status === "pending" || outcome.status === "not_found") return null;
  const reference = outcome.partnerReference;
  if (outcome.status === "approved")
    return {
      reference,
      clientRef,
      kind: direction,
      status: direction === "deposit" ? "confirmed" : "completed",
      amount: outcome.amount || undefined,
    };
  const reason = outcome.error.message !== outcome.error.code ? outcome.error.message : undefined;
  if (direction === "deposit") return { reference, clientRef, kind: direction, status: "declined", reason };
  return {
    reference,
    clientRef,
    kind: direction,
    status: outcome.status === "cancelled" ? "rejected" : "failed",
    reason,
  };
}
