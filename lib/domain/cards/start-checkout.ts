import { settings } from "@/lib/base/config/settings";
import { prisma } from "@/lib/base/db/prisma";
import { DomainError } from "@/lib/base/errors/domain-error";
import { Prisma, type CardAttempt } from "@/lib/generated/prisma/client";
import { PartnerCallError, type NextStep } from "@/lib/integrations/connectors/ports";
import { attemptToCheckout, latestAttempt } from "./card-attempts";
import { requireDealerCardAcquirer } from "./dealer-acquirer";
import { refusal } from "@/lib/base/messages/errors";

/** Where the acquirer sends the customer's browser back, and where its server notifications go: ours, per payment. */
export function cardReturnUrl(token: string, lang: string): string {
  return `${settings.publicBaseUrl}/api/returns/card/${token}?lang=${lang === "tr" ? "tr" : "en"}`;
}

export function cardNotifyUrl(token: string): string {
  return `${settings.publicBaseUrl}/api/webhooks/acquirer/${token}`;
}

/**
 * What a card attempt keeps of its acquirer checkout: the step that is not a plain redirect, or a reusable one and
 * until when.
 */
type StoredCheckout = { cardStep?: NextStep; cardStepUntil?: string };

/** The stored checkout's step while it is still payable at the acquirer, else null. */
function liveCheckout(details: unknown, now: Date): NextStep | null {
  const stored = details as StoredCheckout | null;
  if (!stored?.cardStep || !stored.cardStepUntil) return null;
  return new Date(stored.cardStepUntil) > now ? stored.cardStep : null;
}

/**
 * Opens (or reopens: connectors are idempotent per order) the dealer's acquirer checkout for a pending card
 * payment's current attempt and returns the step the customer's browser takes next. After a decline the
 * attempt is a new one ("Try another card": card-attempts.ts), under its own order id at the acquirer. A step
 * that is not a plain redirect is kept on the attempt, so the page that performs it (a form post, the
 * acquirer's markup, a frame) reads it there.
 *
 * An acquirer that mints a new payable checkout each time (iyzico: a token per initialize) says until when
 * its checkout stays payable: while it does, a second tab or a second click gets the same one, so an attempt
 * has one live checkout and the customer one way to pay. Two clicks at once may both reach the acquirer: the
 * first checkout stored wins (compare-and-set on what was read), the other is never shown to anyone.
 */
export async function startCardCheckout(
  token: string,
  lang: string,
  customerIp: string | null = null,
): Promise<NextStep> {
  const payment = await prisma.transaction.findUnique({ where: { paymentToken: token } });
  if (!payment || payment.method !== "CREDIT_CARD" || !payment.orderId || !payment.expiresAt)
    throw DomainError.notFound(refusal("unknownPayment"));
  if (payment.status !== "pending" || payment.expiresAt <= new Date())
    throw DomainError.conflict("Not open", refusal("notOpen"));
  const attempt = await attemptToCheckout({ id: payment.id, orderId: payment.orderId });
  const live = liveCheckout(attempt.checkout, new Date());
  if (live) return live;
  const acquirer = await requireDealerCardAcquirer(prisma, payment.dealerId);
  const [name, ...surname] = (payment.fullname || payment.username).split(" ");
  let checkout;
  try {
    checkout = await acquirer.connector.startCheckout(acquirer.config, {
      orderId: attempt.orderId,
      amount: payment.amount.toFixed(2),
      currency: payment.currency,
      description: payment.description ?? "",
      returnUrl: cardReturnUrl(token, lang),
      notifyUrl: cardNotifyUrl(token),
      lang: lang === "tr" ? "tr" : "en",
      customer: {
        id: payment.userId,
        name: name ?? "",
        surname: surname.join(" "),
        email: payment.email ?? "",
        phone: payment.phone ?? "",
        ip: customerIp ?? "",
      },
      expiresAt: payment.expiresAt.toISOString(),
    });
  } catch (error) {
    if (error instanceof PartnerCallError)
      throw DomainError.conflict("Acquirer unavailable", refusal("acquirerNoCheckout", { why: error.message }));
    throw error;
  }
  const reference = attempt.partnerReference ?? checkout.partnerReference ?? attempt.orderId;
  if (checkout.reuseUntil)
    return keepReusableCheckout(attempt, checkout.next, reference, checkout.reuseUntil, payment.id);
  const stored: StoredCheckout | null = checkout.next.kind === "redirect" ? null : { cardStep: checkout.next };
  await prisma.cardAttempt.update({
    where: { id: attempt.id },
    data: { partnerReference: reference, ...(stored ? { checkout: stored as unknown as Prisma.InputJsonValue } : {}) },
  });
  await markCheckoutStarted(payment.id, reference);
  return checkout.next;
}

/**
 * The payment shows its current attempt's reference: "waiting for the bank" on the page, and what the inquiry looks
 * for.
 */
async function markCheckoutStarted(paymentId: number, reference: string): Promise<void> {
  await prisma.transaction.updateMany({
    where: { id: paymentId, status: "pending" },
    data: { gatewayReference: reference },
  });
}

/** Stores a reusable checkout unless another one was stored since `attempt` was read; answers the one that counts. */
async function keepReusableCheckout(
  attempt: CardAttempt,
  step: NextStep,
  reference: string,
  until: string,
  paymentId: number,
): Promise<NextStep> {
  const stored: StoredCheckout = { cardStep: step, cardStepUntil: until };
  const read = attempt.checkout === null ? Prisma.DbNull : (attempt.checkout as Prisma.InputJsonValue);
  const saved = await prisma.cardAttempt.updateMany({
    where: { id: attempt.id, status: "started", checkout: { equals: read } },
    data: { partnerReference: reference, checkout: stored as unknown as Prisma.InputJsonValue },
  });
  if (saved.count === 1) {
    await markCheckoutStarted(paymentId, reference);
    return step;
  }
  const now = await prisma.cardAttempt.findUnique({
    where: { id: attempt.id },
    select: { status: true, checkout: true },
  });
  const winner = now?.status === "started" ? liveCheckout(now.checkout, new Date()) : null;
  if (!winner) throw DomainError.conflict("Not open", refusal("notOpen"));
  return winner;
}

/**
 * The stored step of a pending card payment's current attempt that is not a redirect, for the page that performs it.
 */
export async function storedCardStep(token: string): Promise<NextStep | null> {
  const payment = await prisma.transaction.findUnique({
    where: { paymentToken: token },
    select: { id: true, method: true, status: true },
  });
  if (!payment || payment.method !== "CREDIT_CARD" || payment.status !== "pending") return null;
  const attempt = await latestAttempt(prisma, payment.id);
  return attempt?.status === "started"
    ? (((attempt.checkout as StoredCheckout | null)?.cardStep ?? null) as NextStep | null)
    : null;
}
