import { prisma } from "@/lib/base/db/prisma";

/**
 * What a payment page's CSP is made from (lib/edge/pay/page-policy.ts, read by proxy.ts on every page, so kept
 * apart from the page's own reads): who may frame it, and where its forms and images may lead; null for an
 * unknown token.
 */
export function findPaymentPageOrigins(token: string) {
  return prisma.transaction.findUnique({
    where: { paymentToken: token },
    select: {
      method: true,
      dealerId: true,
      provider: { select: { embedOrigins: true } },
      siteIntegration: { select: { allowedOrigins: true, revokedAt: true } },
      site: { select: { returnUrl: true, logoUrl: true } },
    },
  });
}
