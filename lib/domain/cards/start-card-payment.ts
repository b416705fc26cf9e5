import { randomCodeGroup } from "@/lib/base/crypto/random";
import { announceExpiringTransaction } from "@/lib/domain/outbox/dispatch";
import { CARD_TIMEOUT_MS } from "@/lib/domain/transactions/lifecycle";
import { createTransactionAtOnce, type CreatedTransaction } from "@/lib/domain/transactions/create-transaction-at-once";
import { trackingCode } from "@/lib/domain/transactions/tracking-code";
import { flowOf } from "@/lib/domain/payment-methods";
import { prisma } from "@/lib/base/db/prisma";
import { requireDealerCardAcquirer } from "./dealer-acquirer";

type CardPayment = {
  origin: "PROVIDER" | "DEALER";
  providerId: number | null;
  siteId: number | null;
  dealerId: number;
  /** Dealer requests: who signed (`dealer:<id>` or `site-integration:<id>`) and the integration, if any. */
  callerId?: string;
  siteIntegrationId?: number | null;
  username: string;
  userId: string;
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  amount: string;
  description?: string;
};

/** The created payment and its order id (a recovered retry's own, else the one just made). */
export type StartedCardPayment = { transaction: CreatedTransaction; orderId: string };

/**
 * A pending card payment (CC-) with its order id and payment page; it fails with TIMEOUT if not completed
 * within 15 minutes. The customer's card is entered only on the acquirer's page. A dealer without a usable
 * acquirer is refused (403) before anything is created: no payment is opened that nobody can take.
 */
export async function startCardPayment(input: CardPayment): Promise<StartedCardPayment> {
  await requireDealerCardAcquirer(prisma, input.dealerId);
  const now = new Date();
  const orderId = `ORD-${randomCodeGroup(12)}`;
  const flow = flowOf("CREDIT_CARD", "PAYMENT", input.origin);
  const created = await createTransactionAtOnce(
    {
      trackingCode: trackingCode(flow.prefix, now),
      orderId,
      withPaymentPage: true,
      method: "CREDIT_CARD",
      direction: flow.direction,
      origin: flow.origin,
      status: flow.initial,
      providerId: input.providerId,
      siteId: input.siteId,
      dealerId: input.dealerId,
      siteIntegrationId: input.siteIntegrationId ?? null,
      userId: input.userId,
      username: input.username,
      fullname: `${input.firstname} ${input.lastname}`,
      email: input.email,
      phone: input.phone,
      amount: input.amount,
      description: input.description ?? null,
      expiresAt: new Date(now.getTime() + CARD_TIMEOUT_MS),
      createdAt: now,
    },
    {
      type: "API",
      id: input.origin === "PROVIDER" ? `provider:${input.providerId}` : (input.callerId ?? `dealer:${input.dealerId}`),
    },
  );
  await announceExpiringTransaction(created);
  return { transaction: created, orderId: created.orderId ?? orderId };
}
