import { settings } from "@/lib/base/config/settings";
import { prisma } from "@/lib/base/db/prisma";
import { cardAcquirer } from "@/lib/integrations/gateways/card-acquirer";
import { DomainError } from "@/lib/base/errors/domain-error";

/** Opens (or reopens) the acquirer's hosted card form for a pending card payment; returns where to go. */
export async function startCardCheckout(token: string, lang: string): Promise<string> {
  const payment = await prisma.transaction.findUnique({ where: { paymentToken: token }, include: { site: true, dealer: true } });
  if (!payment || payment.method !== "CREDIT_CARD" || !payment.orderId || !payment.expiresAt) throw DomainError.notFound("Unknown payment.");
  if (payment.status !== "pending" || payment.expiresAt <= new Date()) throw DomainError.conflict("Not open", "This payment is no longer open.");
  const base = settings.publicBaseUrl;
  const session = await cardAcquirer().createCheckout({
    orderId: payment.orderId,
    amount: payment.amount.toFixed(2),
    currency: payment.currency,
    description: payment.description ?? "",
    merchant: payment.site?.name ?? payment.dealer.name,
    returnUrl: `${base}/pay/${token}?lang=${lang}`,
    notifyUrl: `${base}/api/webhooks/acquirer`,
    expiresAt: payment.expiresAt.toISOString(),
  });
  await prisma.transaction.updateMany({ where: { id: payment.id, gatewayReference: null }, data: { gatewayReference: session.sessionId } });
  return session.redirectUrl;
}
