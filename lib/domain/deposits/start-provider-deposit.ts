import { chooseBankAccount } from "@/lib/domain/bank-accounts/choose-bank-account";
import type { AuthenticatedProvider } from "@/lib/domain/providers/find-provider-by-api-key";
import { settings } from "@/lib/base/config/settings";
import { assertCustomerAllowed } from "@/lib/domain/customers/assert-customer-allowed";
import { assertMethodEnabled } from "@/lib/domain/dealers/assert-method-enabled";
import { prisma } from "@/lib/base/db/prisma";
import { chooseEibanWallet } from "@/lib/domain/eiban/choose-eiban-wallet";
import { announceExpiringTransaction } from "@/lib/domain/outbox/dispatch";
import type { ProviderSite } from "@/lib/domain/sites/find-provider-site";
import { formatDateTime } from "@/lib/base/time/format";
import { createTransaction, expiryAfter } from "@/lib/domain/transactions/create-transaction";
import { providerCustomerFields } from "@/lib/domain/transactions/provider-customer-fields";
import { trackingCode } from "@/lib/domain/transactions/tracking-code";
import { dateTime, paymentUrl, transactionParts } from "@/lib/domain/transactions/create-response-parts";
import type { ProviderDepositResponse } from "@/lib/domain/schemas/responses/provider-responses";

type DepositBody = { fullname: string; username: string; user_id: string; amount: string };

/**
 * start-manual-deposit (MAN-, a bank account of the site's dealer) and start-eiban-deposit (EIBAN-, the
 * dealer's E-IBAN wallet): status showing, payment_url for the customer, expiry after DEPOSIT_TTL.
 */
export async function startProviderDeposit(method: "MANUAL_BANK" | "EIBAN", provider: AuthenticatedProvider, site: ProviderSite, body: DepositBody): Promise<ProviderDepositResponse> {
  assertMethodEnabled(site.dealer, method);
  const now = new Date();
  const created = await prisma.$transaction(async (tx) => {
    await assertCustomerAllowed(tx, provider.id, body.user_id);
    const target =
      method === "EIBAN" ? { eibanWalletId: (await chooseEibanWallet(tx, site.dealerId)).id } : { bankAccountId: (await chooseBankAccount(tx, site.dealerId, body.amount)).id };
    return createTransaction(
      tx,
      {
        trackingCode: trackingCode(method === "EIBAN" ? "EIBAN" : "MAN", now),
        withPaymentPage: true,
        method,
        direction: "DEPOSIT",
        status: "showing",
        ...providerCustomerFields(provider, site, body),
        expiresAt: expiryAfter(now, settings.depositTtlMinutes),
        createdAt: now,
        ...target,
      },
      { type: "API", id: `provider:${provider.id}` },
    );
  });
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
