import { acquirerCheckoutOrigins } from "@/lib/domain/cards/checkout-origins";
import { findPaymentPageOrigins } from "@/lib/domain/customers/find-payment-page-origins";
import { originOf } from "@/lib/domain/sites/return-url";

/** What a payment page's CSP allows beyond its own origin (proxy.ts). */
export type PagePolicy = { frameAncestors: string[]; formTargets: string[]; imageOrigins: string[] };

const NONE: PagePolicy = { frameAncestors: [], formTargets: [], imageOrigins: [] };

/**
 * Per payment: a provider may allow its own sites to frame its payment pages, and a dealer's site
 * integration its website's origins for the payments it created (until revoked). Its forms may lead to the
 * site's return URL (a cancel goes back there) and, for a card payment, to the dealer's configured
 * acquirer (a checkout that redirects there from "Pay by card"), to no other origin; its images may come
 * from the site's logo origin.
 */
export async function paymentPagePolicy(token: string): Promise<PagePolicy> {
  const payment = await findPaymentPageOrigins(token).catch(() => null);
  if (!payment) return NONE;
  const integration =
    payment.siteIntegration && !payment.siteIntegration.revokedAt ? payment.siteIntegration.allowedOrigins : [];
  const acquirer =
    payment.method === "CREDIT_CARD" ? await acquirerCheckoutOrigins(payment.dealerId).catch(() => []) : [];
  const back = originOf(payment.site?.returnUrl);
  const logo = originOf(payment.site?.logoUrl);
  return {
    frameAncestors: [...(payment.provider?.embedOrigins ?? []), ...integration],
    formTargets: [...new Set([...acquirer, ...(back ? [back] : [])])],
    imageOrigins: logo ? [logo] : [],
  };
}
