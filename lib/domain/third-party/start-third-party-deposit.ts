import { settings } from "@/lib/base/config/settings";
import { dateTime, paymentUrl, transactionParts } from "@/lib/domain/transactions/create-response-parts";
import { announceExpiringTransaction } from "@/lib/domain/outbox/dispatch";
import type { AuthenticatedProvider } from "@/lib/domain/providers/find-provider-by-api-key";
import type { ProviderSite } from "@/lib/domain/sites/find-provider-site";
import { formatDateTime } from "@/lib/base/time/format";
import { expiryAfter } from "@/lib/domain/transactions/create-transaction";
import { createTransactionAtOnce } from "@/lib/domain/transactions/create-transaction-at-once";
import { providerCustomerFields } from "@/lib/domain/transactions/provider-customer-fields";
import { trackingCode } from "@/lib/domain/transactions/tracking-code";
import { KINDS, transactionType, type ThirdPartyKind } from "@/lib/domain/payment-methods/third-party-kinds";
import type { ThirdPartyDepositResponse } from "@/lib/api/schemas/responses/third-party-responses";

type Body = { user_id: string; username: string; fullname: string; amount: string };

/**
 * third-party/{bank,crypto,wallet}/start-deposit: a showing deposit whose gateway the customer chooses on
 * the payment page. The response fields follow each method's row of the provider document.
 */
export async function startThirdPartyDeposit(kind: ThirdPartyKind, provider: AuthenticatedProvider, site: ProviderSite, body: Body): Promise<ThirdPartyDepositResponse> {
  const now = new Date();
  const created = await createTransactionAtOnce(
    {
      trackingCode: trackingCode(KINDS[kind].depositPrefix, now),
      withPaymentPage: true,
      method: KINDS[kind].method,
      direction: "DEPOSIT",
      status: "showing",
      ...providerCustomerFields(provider, site, body),
      expiresAt: expiryAfter(now, settings.depositTtlMinutes),
      createdAt: now,
    },
    { type: "API", id: `provider:${provider.id}` },
  );
  await announceExpiringTransaction(created);
  // Built per branch, where `kind` is narrowed, so each answer's type and payment_method are literal.
  const common = <K extends ThirdPartyKind>(k: K) => ({ tracking_code: created.trackingCode, payment_url: paymentUrl(created.paymentToken), type: transactionType(k, "deposit"), payment_method: k });
  const amount = Number(created.amount.toFixed(2));
  if (kind === "bank") {
    return {
      success: true,
      message: "Deposit request created",
      data: { ...common(kind), ...transactionParts(created, site), status: "showing" as const, expires_at: dateTime(created.expiresAt), created_at: dateTime(created.createdAt) },
      timestamp: formatDateTime(new Date()),
    };
  }
  if (kind === "crypto") return { success: true, message: "Deposit request created", data: { ...common(kind), amount, status: "showing" as const, expires_at: dateTime(created.expiresAt) } };
  return { success: true, message: "Deposit request created", data: { ...common(kind), amount, status: "showing" as const } };
}
