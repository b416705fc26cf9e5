import { prisma } from "@/lib/base/db/prisma";
import { compareDecimal } from "@/lib/base/money/compare-decimal";
import { bankAccountRange } from "@/lib/domain/bank-accounts/choose-bank-account";
import { kindOfGateway } from "@/lib/domain/payment-methods/third-party-kinds";

/**
 * The reads behind the customer's hosted payment page (lib/edge/pay): the payment token is the whole
 * credential, so each reads by the token or by what its transaction names, never more.
 */

/** The transaction of a payment token with what its page shows; null for an unknown token. */
export function findPaymentForPage(token: string) {
  return prisma.transaction.findUnique({
    where: { paymentToken: token },
    include: {
      site: { select: { id: true, name: true, returnUrl: true, legalName: true, logoUrl: true } },
      dealer: { select: { name: true } },
      // The gateway the customer chose: its name says which wallet app to open.
      gateway: { select: { name: true } },
      provider: { select: { maxTransactionAmount: true } },
      bankAccount: true,
      eibanWallet: true,
      // Who made the current status (the customer, staff, a gateway): the final page words the outcome by it.
      events: { orderBy: { id: "desc" }, take: 5, select: { actorType: true, fromStatus: true, toStatus: true } },
      // A card payment's latest attempt: a decline leaves the payment open for another card (card-attempts.ts).
      cardAttempts: { orderBy: { number: "desc" }, take: 1, select: { number: true, status: true, errorCode: true } },
    },
  });
}

/** The amounts the dealer's active bank accounts take together, or null (the customer picks an amount within it). */
export function dealerAmountRange(dealerId: number) {
  return bankAccountRange(prisma, dealerId);
}

/** The site's active gateways, in the order they were added, with their limits and words in both languages. */
export async function listSiteGatewaysForPage(siteId: number, amount: string) {
  const rows = await prisma.gateway.findMany({
    where: { isActive: true, sites: { some: { siteId } } },
    orderBy: { id: "asc" },
  });
  return rows.map((g) => {
    const [min, max] = [g.minAmount.toFixed(2), g.maxAmount.toFixed(2)];
    return {
      id: g.id,
      name: g.name,
      kind: kindOfGateway(g.method),
      description: { en: g.description, tr: g.descriptionTr },
      min,
      max,
      takesAmount: compareDecimal(amount, min) >= 0 && compareDecimal(amount, max) <= 0,
      cryptoTypes: g.supportedCryptoTypes,
    };
  });
}
