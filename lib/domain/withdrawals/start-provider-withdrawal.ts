import type { AuthenticatedProvider } from "@/lib/domain/providers/find-provider-by-api-key";
import { assertMethodEnabled } from "@/lib/domain/dealers/assert-method-enabled";
import { dateTime, transactionParts } from "@/lib/domain/transactions/create-response-parts";
import type { ProviderSite } from "@/lib/domain/sites/find-provider-site";
import { formatDateTime } from "@/lib/base/time/format";
import { createTransactionAtOnce } from "@/lib/domain/transactions/create-transaction-at-once";
import { providerCustomerFields } from "@/lib/domain/transactions/provider-customer-fields";
import { trackingCode } from "@/lib/domain/transactions/tracking-code";
import type { ProviderWithdrawalResponse } from "@/lib/api/schemas/responses/provider-responses";

type WithdrawalBody = { fullname: string; username: string; user_id: string; iban: string; amount: string };

/**
 * start-manual-withdraw (WIT-) and start-eiban-withdraw (EIBAN-WIT-): status pending, processed by the
 * staff of the site's dealer (E-IBAN ones paid from the dealer's wallet through the bank).
 */
export async function startProviderWithdrawal(method: "MANUAL_BANK" | "EIBAN", provider: AuthenticatedProvider, site: ProviderSite, body: WithdrawalBody): Promise<ProviderWithdrawalResponse> {
  assertMethodEnabled(site.dealer, method);
  const created = await createTransactionAtOnce(
    {
      trackingCode: trackingCode(method === "EIBAN" ? "EIBAN-WIT" : "WIT"),
      method,
      direction: "WITHDRAWAL",
      status: "pending",
      ...providerCustomerFields(provider, site, body),
      iban: body.iban,
      recipientName: body.fullname,
    },
    { type: "API", id: `provider:${provider.id}` },
  );
  const data = { tracking_code: created.trackingCode, ...transactionParts(created, site), iban: body.iban, status: "pending" as const };
  if (method === "EIBAN") return { success: true, message: "E-IBAN withdrawal request created", data };
  return { success: true, message: "Withdrawal request created", data: { ...data, created_at: dateTime(created.createdAt) }, timestamp: formatDateTime(new Date()) };
}
