import { settings } from "@/lib/base/config/settings";
import { prisma } from "@/lib/base/db/prisma";
import { DomainError } from "@/lib/base/errors/domain-error";
import { announceExpiringTransaction } from "@/lib/domain/outbox/dispatch";
import type { AuthenticatedProvider } from "@/lib/domain/providers/find-provider-by-api-key";
import type { ProviderSite } from "@/lib/domain/sites/find-provider-site";
import { expiryAfter } from "@/lib/domain/transactions/create-transaction";
import { createTransactionAtOnce, type CreatedTransaction } from "@/lib/domain/transactions/create-transaction-at-once";
import { providerCustomerFields } from "@/lib/domain/transactions/provider-customer-fields";
import { trackingCode } from "@/lib/domain/transactions/tracking-code";
import { KINDS, type ThirdPartyKind } from "@/lib/domain/payment-methods/third-party-kinds";
import { flowOf, shapeOf } from "@/lib/domain/payment-methods";
import { handOverInBackground } from "./hand-over-in-background";
import { validateWithdrawalAccount } from "./validate-withdrawal-account";
import { gatewayUnusableReason } from "./gateway-connection";
import { refusal } from "@/lib/base/messages/errors";

/** The created withdrawal, its kind and the site it was made for. */
export type StartedThirdPartyWithdrawal = { kind: ThirdPartyKind; transaction: CreatedTransaction; site: ProviderSite };

type Body = {
  user_id: string;
  username: string;
  fullname: string;
  amount: string;
  gateway_id: number;
  iban?: string;
  account_holder?: string;
  crypto_type?: string;
  wallet_address?: string;
  wallet_number?: string;
};

/**
 * third-party/{bank,crypto,wallet}/start-withdrawal: validated against the gateway, created showing in one
 * statement (the blocked-customer check, the row, its history and the Idempotency-Key's link), then handed
 * to the gateway (showing -> processing) once the answer is on its way (handOverInBackground). Never sent by
 * expires_at, it is canceled.
 */
export async function startThirdPartyWithdrawal(
  kind: ThirdPartyKind,
  provider: AuthenticatedProvider,
  site: ProviderSite,
  body: Body,
): Promise<StartedThirdPartyWithdrawal> {
  const gateway = await prisma.gateway.findUnique({ where: { id: body.gateway_id } });
  const { messages, accountDetails } = validateWithdrawalAccount(kind, gateway, body);
  if (messages.length) throw DomainError.validation(messages);
  // A gateway that cannot be called is refused before anything is created: no open transaction it cannot pay.
  const unusable = gatewayUnusableReason(gateway!);
  if (unusable) throw DomainError.validation([refusal("gatewayIdUnusable", { reason: unusable })]);
  const now = new Date();
  const flow = flowOf(KINDS[kind].method, "WITHDRAWAL", "PROVIDER");
  const created = await createTransactionAtOnce(
    {
      trackingCode: trackingCode(flow.prefix, now),
      method: KINDS[kind].method,
      direction: flow.direction,
      status: flow.initial,
      ...providerCustomerFields(provider, site, body),
      gatewayId: gateway!.id,
      iban: shapeOf(kind) === "bank" ? (accountDetails.iban ?? null) : null,
      recipientName: accountDetails.account_holder ?? body.fullname,
      accountDetails,
      expiresAt: expiryAfter(now, settings.depositTtlMinutes),
      createdAt: now,
    },
    { type: "API", id: `provider:${provider.id}` },
  );
  await announceExpiringTransaction(created);
  handOverInBackground(created.id);
  return { kind, transaction: created, site };
}
