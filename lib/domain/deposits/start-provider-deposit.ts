import type { AuthenticatedProvider } from "@/lib/domain/providers/find-provider-by-api-key";
import { settings } from "@/lib/base/config/settings";
import { assertMethodEnabled } from "@/lib/domain/dealers/assert-method-enabled";
import { announceExpiringTransaction } from "@/lib/domain/outbox/dispatch";
import type { ProviderSite } from "@/lib/domain/sites/find-provider-site";
import { formatDateTime } from "@/lib/base/time/format";
import { expiryAfter } from "@/lib/domain/transactions/create-transaction";
import { createTransactionAtOnce } from "@/lib/domain/transactions/create-transaction-at-once";
import { providerCustomerFields } from "@/lib/domain/transactions/provider-customer-fields";
import { trackingCode } from "@/lib/domain/transactions/tracking-code";
import { dateTime, paymentUrl, transactionParts } from "@/lib/domain/transactions/create-response-parts";
import type { ProviderDepositResponse } from "@/lib/api/schemas/responses/provider-responses";

type DepositBody = { fullname: string; username: string; user_id: string; amount: string };

/**
 * start-manual-deposit (MAN-, a bank account of the site's dealer) and start-eiban-deposit (EIBAN-, the
 * dealer's E-IBAN wallet): status showing, payment_url for the customer, expiry after DEPOSIT_TTL.
 */
export async function startProviderDeposit(method: "MANUAL_BANK" | "EIBAN", provider: AuthenticatedProvider, site: ProviderSite, body: DepositBody): Promise<ProviderDepositResponse> {
  assertMethodEnabled(site.dealer, method);
  const now = new Date();
  const created = await createTransactionAtOnce(
    {
      trackingCode: trackingCode(method === "EIBAN" ? "EIBAN" : "MAN", now),
      withPaymentPage: true,
      method,
      direction: "DEPOSIT",
      status: "showing",
      ...providerCustomerFields(provider, site, body),
      expiresAt: expiryAfter(now, settings.depositTtlMinutes),
      createdAt: now,
    },
    { type: "API", id: `provider:${provider.id}` },
    { kind: method === "EIBAN" ? "eiban-wallet" : "bank-account" },
  );
  await announceExpiringTransaction(created);
  const data = {
    tracking_code: created.trackingCode,
    payment_url: paymentUrl(created.paymentToken),
    ...transactionParts(created, site),
    status: "showing" as const,
    expires_at: dateTime(created.expiresAt),
  };
  if (method === "EIBAN") return { success: true, message: "E-IBAN deposit request created", data };
  return { success: true, message: "Deposit request created", data: { ...data, created_at: dateTime(created.createdAt) }, timestamp: formatDateTime(new Date()) };
}
