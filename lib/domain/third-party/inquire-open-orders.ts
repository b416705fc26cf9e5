import { prisma } from "@/lib/base/db/prisma";
import { note } from "@/lib/base/messages/notes";
import { logger } from "@/lib/base/observability/logger";
import { raiseAlert } from "@/lib/domain/alerts/raise-alert";
import { PartnerAnswerMismatch } from "@/lib/integrations/connectors/ports";
import { applyGatewayOutcome, gatewayOutcomeOf } from "./apply-gateway-outcome";
import { gatewayConnection, gatewayUnusableReason } from "./gateway-connection";
import { recordPartialPayment } from "./record-partial-payment";

/** An order's notification is expected within this; past it, the gateway is asked (and again every as long). */
export const GATEWAY_INQUIRY_AFTER_MS = 10 * 60_000;

/**
 * Nothing is lost when a notification is: every third-party order still open past its expected time (a
 * deposit the gateway issued details for, a withdrawal the gateway acknowledged) is inquired at its
 * gateway, and a verdict goes through the lifecycle exactly as the notification would have
 * (applyGatewayOutcome: applied, a repeat that changes nothing, or a conflict raised for staff). An answer
 * not signed for the request, or about another order or direction, is never applied: it raises a
 * `partner_answer_mismatch` alert and the order stays as it is (asked again next round).
 */
export async function inquireOpenGatewayOrders(
  now = new Date(),
  afterMs = GATEWAY_INQUIRY_AFTER_MS,
): Promise<{ asked: number; applied: number }> {
  const due = new Date(now.getTime() - afterMs);
  const open = await prisma.transaction.findMany({
    where: {
      gatewayId: { not: null },
      createdAt: { lt: due },
      OR: [{ gatewayInquiredAt: null }, { gatewayInquiredAt: { lt: due } }],
      AND: [
        {
          OR: [
            { direction: "DEPOSIT", status: "pending" },
            {
              direction: "WITHDRAWAL",
              status: "processing",
              OR: [{ gatewayReference: { not: null } }, { gatewayAcceptedAt: { not: null } }],
            },
          ],
        },
      ],
    },
    include: { gateway: true },
    orderBy: [{ gatewayInquiredAt: { sort: "asc", nulls: "first" } }, { createdAt: "asc" }],
    take: 50,
  });
  let applied = 0;
  for (const t of open) {
    const gateway = t.gateway!;
    await prisma.transaction.update({ where: { id: t.id }, data: { gatewayInquiredAt: now } });
    if (gatewayUnusableReason(gateway)) continue;
    const direction = t.direction === "DEPOSIT" ? "deposit" : "withdrawal";
    try {
      const { connector, config } = gatewayConnection(gateway);
      const state = await connector.inquire(config, {
        clientRef: t.trackingCode,
        direction,
        gatewayReference: t.gatewayReference,
        createdAt: t.createdAt.toISOString(),
      });
      if (state.status === "pending" && state.partiallyPaid)
        await recordPartialPayment(gateway, t.trackingCode, state.partiallyPaid);
      const outcome = gatewayOutcomeOf(t.trackingCode, direction, state);
      if (state.status === "not_found" && !t.gatewayAcceptedAt)
        logger.warn(
          { tracking_code: t.trackingCode, gateway: gateway.code },
          "gateway does not know an order it acknowledged",
        );
      if (state.status === "not_found" && t.gatewayAcceptedAt) {
        // It took the withdrawal (acknowledged it, or answered 409 "already have it", so we never send it
        // again), yet does not know it now: the money may be nowhere, and only staff can find out.
        await raiseAlert(prisma, {
          kind: "gateway_lost_order",
          source: `gateway ${gateway.code}`,
          transaction: { id: t.id, trackingCode: t.trackingCode, dealerId: t.dealerId, providerId: t.providerId },
          message: note("gatewayLostOrder", { gateway: gateway.name }),
          dedupeKey: `gateway_lost_order:${t.id}`,
        });
      }
      if (outcome && (await applyGatewayOutcome(gateway, outcome)) === "applied") applied += 1;
    } catch (error) {
      if (error instanceof PartnerAnswerMismatch) {
        // An unsigned answer, or one about another order: never applied; raised once per kind of mismatch.
        const { problem } = error;
        await raiseAlert(prisma, {
          kind: "partner_answer_mismatch",
          source: `gateway ${gateway.code}`,
          transaction: { id: t.id, trackingCode: t.trackingCode, dealerId: t.dealerId, providerId: t.providerId },
          message:
            problem.field === "signature"
              ? note("partnerAnswerUnsigned", { partner: gateway.name })
              : note("partnerAnswerMismatch", {
                  partner: gateway.name,
                  field: problem.field,
                  expected: problem.expected,
                  reported: problem.reported,
                }),
          details: { ...problem },
          dedupeKey: `partner_answer_mismatch:${t.id}:${problem.field}`,
        });
        continue;
      }
      logger.warn(
        { tracking_code: t.trackingCode, gateway: gateway.code, err: String(error) },
        "gateway status inquiry failed; will ask again",
      );
    }
  }
  return { asked: open.length, applied };
}
