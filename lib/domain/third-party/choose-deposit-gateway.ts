import { prisma } from "@/lib/base/db/prisma";
import { note } from "@/lib/base/messages/notes";
import { inTransaction } from "@/lib/base/db/transaction";
import { logger } from "@/lib/base/observability/logger";
import { DomainError } from "@/lib/base/errors/domain-error";
import type { Prisma } from "@/lib/generated/prisma/client";
import { gatewayNotifyUrl } from "@/lib/integrations/gateways/third-party-gateway";
import { PartnerCallError } from "@/lib/integrations/connectors/ports";
import { paymentUrl } from "@/lib/domain/transactions/payment-url";
import { gatewayConnection } from "./gateway-connection";
import { compareDecimal } from "@/lib/base/money/compare-decimal";
import { gatewayActor } from "@/lib/domain/transactions/transition-actor";
import { transitionTransaction } from "@/lib/domain/transactions/transition-transaction";
import { shapeOf } from "@/lib/domain/payment-methods";
import { KINDS, kindOfGateway, kindOfMethod } from "@/lib/domain/payment-methods/third-party-kinds";
import { refusal } from "@/lib/base/messages/errors";

/** The refusal's title when the gateway did not issue details (timeout, no answer): the customer may retry. */
export const GATEWAY_UNAVAILABLE = "Gateway unavailable";

/**
 * The customer picks one of the site's gateways (and a coin, for crypto) on the payment page: the gateway issues
 * payment
 * details, and only then does the deposit move to pending, bound to that gateway (the lifecycle table's
 * showing -> pending belongs to the gateway). The customer pays only after seeing the details, so an
 * order the gateway opened for a deposit that expired meanwhile can never be paid.
 */
export async function chooseDepositGateway(token: string, gatewayId: number, cryptoType?: string) {
  const deposit = await prisma.transaction.findUnique({ where: { paymentToken: token } });
  if (!deposit || deposit.direction !== "DEPOSIT" || !kindOfMethod(deposit.method))
    throw DomainError.notFound(refusal("unknownPayment"));
  if (deposit.status !== "showing" || (deposit.expiresAt && deposit.expiresAt <= new Date()))
    throw DomainError.conflict("Not open", refusal("notOpen"));
  const gateway = await prisma.gateway.findUnique({ where: { id: gatewayId } });
  const amount = deposit.amount.toFixed(2);
  const kind = gateway ? kindOfGateway(gateway.method) : null;
  // Only a gateway chosen for the deposit's site may take it: the page lists those, and a crafted post is refused
  // alike.
  const offered =
    gateway &&
    deposit.siteId !== null &&
    (await prisma.siteGateway.findUnique({
      where: { siteId_gatewayId: { siteId: deposit.siteId, gatewayId: gateway.id } },
    }));
  if (
    !gateway?.isActive ||
    !kind ||
    !offered ||
    compareDecimal(amount, gateway.minAmount.toFixed(2)) < 0 ||
    compareDecimal(amount, gateway.maxAmount.toFixed(2)) > 0
  ) {
    throw DomainError.validation([refusal("gatewayAmount")]);
  }
  if (shapeOf(kind) === "crypto" && (!cryptoType || !gateway.supportedCryptoTypes.includes(cryptoType)))
    throw DomainError.validation([refusal("chooseCoin")]);
  const { connector, config } = gatewayConnection(gateway);
  // The deposit stays showing whatever the gateway answers, so the customer may try again or choose another.
  const { gatewayReference, instructions } = await connector
    .issueDeposit(config, {
      clientRef: deposit.trackingCode,
      amount,
      currency: "TRY",
      cryptoType: shapeOf(kind) === "crypto" ? cryptoType : undefined,
      notifyUrl: gatewayNotifyUrl(gateway),
      returnUrl: paymentUrl(deposit.paymentToken),
      customer: { id: deposit.userId, name: deposit.fullname, email: "" },
    })
    .catch((error: unknown) => {
      // Whatever went wrong on the way (a timeout, a refused or unreadable answer), no order is bound yet.
      logger.warn(
        { err: error, gateway: gateway.code, trackingCode: deposit.trackingCode },
        "the gateway did not issue deposit details",
      );
      const why = error instanceof PartnerCallError ? undefined : error instanceof Error ? error.name : "error";
      throw DomainError.conflict(GATEWAY_UNAVAILABLE, refusal("gatewayUnavailable", { gateway: gateway.name, why }));
    });
  await inTransaction((tx) =>
    transitionTransaction(tx, {
      id: deposit.id,
      to: "pending",
      actor: gatewayActor(gateway),
      note: note("customerChose", { gateway: gateway.name, coin: cryptoType ?? undefined }),
      data: {
        gatewayId: gateway.id,
        method: KINDS[kind].method,
        gatewayReference,
        gatewayDetails: instructions as unknown as Prisma.InputJsonValue,
        accountDetails:
          instructions.kind === "crypto" && cryptoType
            ? { crypto_type: cryptoType, wallet_address: instructions.address }
            : undefined,
      },
    }),
  );
}
