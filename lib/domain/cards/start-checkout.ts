import { settings } from "@/lib/base/config/settings";
import { prisma } from "@/lib/base/db/prisma";
import { DomainError } from "@/lib/base/errors/domain-error";
import type { Prisma } from "@/lib/generated/prisma/client";
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

/**
 * Opens (or reopens: connectors are idempotent per order) the dealer's acquirer checkout for a pending card
 * payment and returns the step the customer's browser takes next. A step that is not a plain redirect is kept
 * on the payment, so the page that performs it (a form post, the acquirer's markup, a frame) reads it there.
 */
export async function startCardCheckout(token: string, lang: string, customerIp: string | null = null): Promise<NextStep> {
  const payment = await prisma.transaction.findUnique({ where: { paymentToken: token } });
  if (!payment || payment.method !== "CREDIT_CARD" || !payment.orderId || !payment.expiresAt) throw DomainError.notFound(refusal("unknownPayment"));
  if (payment.status !== "pending" || payment.expiresAt <= new Date()) throw DomainError.conflict("Not open", refusal("notOpen"));
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
  const step = checkout.next.kind === "redirect" ? undefined : ({ cardStep: checkout.next } as unknown as Prisma.InputJsonValue);
  await prisma.transaction.update({
    where: { id: payment.id },
    data: { gatewayReference: payment.gatewayReference ?? checkout.partnerReference ?? payment.orderId, ...(step ? { gatewayDetails: step } : {}) },
  });
  return checkout.next;
}

/** The stored step of a pending card payment that is not a redirect, for the page that performs it. */
export async function storedCardStep(token: string): Promise<NextStep | null> {
  const payment = await prisma.transaction.findUnique({ where: { paymentToken: token }, select: { method: true, status: true, gatewayDetails: true } });
  if (!payment || payment.method !== "CREDIT_CARD" || payment.status !== "pending") return null;
  return ((payment.gatewayDetails as { cardStep?: NextStep } | null)?.cardStep ?? null) as NextStep | null;
}
