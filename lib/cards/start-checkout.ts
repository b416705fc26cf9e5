import { settings } from "@/lib/config/settings";
import { prisma } from "@/lib/db/prisma";
import { cardAcquirer } from "@/lib/gateways/card-acquirer";
import { ApiError } from "@/lib/http/api-error";

/** Opens (or reopens) the acquirer's hosted card form for a pending card payment; returns where to go. */
export async function startCardCheckout(token: string, lang: string): Promise<string> {
  const payment = await prisma.transaction.findUnique({ where: { paymentToken: token }, include: { site: true, dealer: true } });
  if (!payment || payment.method !== "CREDIT_CARD") throw ApiError.plain(404, "Not found", "Unknown payment.");
  if (payment.status !== "pending" || (payment.expiresAt && payment.expiresAt <= new Date())) throw ApiError.plain(409, "Not open", "This payment is no longer open.");
  const base = settings.publicBaseUrl;
  const session = await cardAcquirer().createCheckout({
    orderId: payment.orderId!,
    amount: payment.amount.toFixed(2),
    currency: payment.currency,
    description: payment.description ?? "",
    merchant: payment.site?.name ?? payment.dealer.name,
    returnUrl: `${base}/pay/${token}?lang=${lang}`,
    notifyUrl: `${base}/api/webhooks/acquirer`,
  });
  await prisma.transaction.updateMany({ where: { id: payment.id, gatewayReference: null }, data: { gatewayReference: session.sessionId } });
  return session.redirectUrl;
}
