import { settings } from "@/lib/base/config/settings";
import { prisma } from "@/lib/base/db/prisma";
import { DomainError } from "@/lib/base/errors/domain-error";
import { Prisma, type Transaction } from "@/lib/generated/prisma/client";
import { PartnerCallError, type NextStep } from "@/lib/integrations/connectors/ports";
import { requireDealerCardAcquirer } from "./dealer-acquirer";
import { refusal } from "@/lib/base/messages/errors";

/** Where the acquirer sends the customer's browser back, and where its server notifications go: ours, per payment. */
export function cardReturnUrl(token: string, lang: string): string {
  return `${settings.publicBaseUrl}/api/returns/card/${token}?lang=${lang === "tr" ? "tr" : "en"}`;
}

export function cardNotifyUrl(token: string): string {
  return `${settings.publicBaseUrl}/api/webhooks/acquirer/${token}`;
}

/** What a card payment keeps of its acquirer checkout: the step that is not a plain redirect, or a reusable one and until when. */
type StoredCheckout = { cardStep?: NextStep; cardStepUntil?: string };

/** The stored checkout's step while it is still payable at the acquirer, else null. */
function liveCheckout(details: unknown, now: Date): NextStep | null {
  const stored = details as StoredCheckout | null;
  if (!stored?.cardStep || !stored.cardStepUntil) return null;
  return new Date(stored.cardStepUntil) > now ? stored.cardStep : null;
}

/**
 * Opens (or reopens: connectors are idempotent per order) the dealer's acquirer checkout for a pending card
 * payment and returns the step the customer's browser takes next. A step that is not a plain redirect is kept
 * on the payment, so the page that performs it (a form post, the acquirer's markup, a frame) reads it there.
 *
 * An acquirer that mints a new payable checkout each time (iyzico: a token per initialize) says until when
 * its checkout stays payable: while it does, a second tab or a second click gets the same one, so a payment
 * has one live checkout and the customer one way to pay. Two clicks at once may both reach the acquirer: the
 * first checkout stored wins (compare-and-set on what was read), the other is never shown to anyone.
 */
export async function startCardCheckout(token: string, lang: string, customerIp: string | null = null): Promise<NextStep> {
  const payment = await prisma.transaction.findUnique({ where: { paymentToken: token } });
  if (!payment || payment.method !== "CREDIT_CARD" || !payment.orderId || !payment.expiresAt) throw DomainError.notFound(refusal("unknownPayment"));
  if (payment.status !== "pending" || payment.expiresAt <= new Date()) throw DomainError.conflict("Not open", refusal("notOpen"));
  const live = liveCheckout(payment.gatewayDetails, new Date());
  if (live) return live;
  const acquirer = await requireDealerCardAcquirer(prisma, payment.dealerId);
  const [name, ...surname] = (payment.fullname || payment.username).split(" ");
  let checkout;
  try {
    checkout = await acquirer.connector.startCheckout(acquirer.config, {
      orderId: payment.orderId,
      amount: payment.amount.toFixed(2),
      currency: payment.currency,
      description: payment.description ?? "",
      returnUrl: cardReturnUrl(token, lang),
      notifyUrl: cardNotifyUrl(token),
      lang: lang === "tr" ? "tr" : "en",
      customer: { id: payment.userId, name: name ?? "", surname: surname.join(" "), email: payment.email ?? "", phone: payment.phone ?? "", ip: customerIp ?? "" },
      expiresAt: payment.expiresAt.toISOString(),
    });
  } catch (error) {
    if (error instanceof PartnerCallError) throw DomainError.conflict("Acquirer unavailable", refusal("acquirerNoCheckout", { why: error.message }));
    throw error;
  }
  if (checkout.reuseUntil) return keepReusableCheckout(payment, checkout.next, checkout.partnerReference, checkout.reuseUntil);
  const step = checkout.next.kind === "redirect" ? undefined : ({ cardStep: checkout.next } as unknown as Prisma.InputJsonValue);
  await prisma.transaction.update({
    where: { id: payment.id },
    data: { gatewayReference: payment.gatewayReference ?? checkout.partnerReference ?? payment.orderId, ...(step ? { gatewayDetails: step } : {}) },
  });
  return checkout.next;
}

/** Stores a reusable checkout unless another one was stored since `payment` was read; answers the one that counts. */
async function keepReusableCheckout(payment: Transaction, next: NextStep, reference: string | null, until: string): Promise<NextStep> {
  const stored: StoredCheckout = { cardStep: next, cardStepUntil: until };
  const read = payment.gatewayDetails === null ? Prisma.DbNull : (payment.gatewayDetails as Prisma.InputJsonValue);
  const saved = await prisma.transaction.updateMany({
    where: { id: payment.id, status: "pending", gatewayDetails: { equals: read } },
    data: { gatewayReference: reference ?? payment.orderId, gatewayDetails: stored as unknown as Prisma.InputJsonValue },
  });
  if (saved.count === 1) return next;
  const now = await prisma.transaction.findUnique({ where: { id: payment.id }, select: { status: true, gatewayDetails: true } });
  const winner = now?.status === "pending" ? liveCheckout(now.gatewayDetails, new Date()) : null;
  if (!winner) throw DomainError.conflict("Not open", refusal("notOpen"));
  return winner;
}

/** The stored step of a pending card payment that is not a redirect, for the page that performs it. */
export async function storedCardStep(token: string): Promise<NextStep | null> {
  const payment = await prisma.transaction.findUnique({ where: { paymentToken: token }, select: { method: true, status: true, gatewayDetails: true } });
  if (!payment || payment.method !== "CREDIT_CARD" || payment.status !== "pending") return null;
  return ((payment.gatewayDetails as { cardStep?: NextStep } | null)?.cardStep ?? null) as NextStep | null;
}
