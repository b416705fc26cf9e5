import { formatIban } from "@/lib/base/iban/iban";
import { formatDateTime } from "@/lib/base/time/format";
import type { StartedDealerDeposit } from "@/lib/domain/manual-bank/start-dealer-deposit";
import type { StartedProviderDeposit } from "@/lib/domain/manual-bank/start-provider-deposit";
import { paymentUrl } from "@/lib/domain/transactions/payment-url";
import type { StartedDealerWithdrawal } from "@/lib/domain/manual-bank/start-dealer-withdrawal";
import type { StartedProviderWithdrawal } from "@/lib/domain/manual-bank/start-provider-withdrawal";
import type { DealerDepositResponse, DealerWithdrawalResponse } from "@/lib/api/schemas/responses/dealer-responses";
import type {
  ProviderDepositResponse,
  ProviderWithdrawalResponse,
} from "@/lib/api/schemas/responses/provider-responses";
import { dateTime, transactionParts } from "./transaction-parts";

/**
 * The bodies of the manual bank and E-IBAN creates (contracts/manual-bank.ts, contracts/eiban.ts): the
 * provider's deposits and withdrawals of both methods, the dealer's manual deposit and withdrawal.
 */

export function presentProviderDeposit({
  method,
  transaction: created,
  site,
}: StartedProviderDeposit): ProviderDepositResponse {
  const data = {
    tracking_code: created.trackingCode,
    payment_url: paymentUrl(created.paymentToken),
    ...transactionParts(created, site),
    status: "showing" as const,
    expires_at: dateTime(created.expiresAt),
  };
  if (method === "EIBAN") return { success: true, message: "E-IBAN deposit request created", data };
  return {
    success: true,
    message: "Deposit request created",
    data: { ...data, created_at: dateTime(created.createdAt) },
    timestamp: formatDateTime(new Date()),
  };
}

export function presentProviderWithdrawal({
  method,
  transaction: created,
  site,
  iban,
}: StartedProviderWithdrawal): ProviderWithdrawalResponse {
  const data = {
    tracking_code: created.trackingCode,
    ...transactionParts(created, site),
    iban,
    status: "pending" as const,
  };
  if (method === "EIBAN") return { success: true, message: "E-IBAN withdrawal request created", data };
  return {
    success: true,
    message: "Withdrawal request created",
    data: { ...data, created_at: dateTime(created.createdAt) },
    timestamp: formatDateTime(new Date()),
  };
}

export function presentDealerDeposit({ transaction, account }: StartedDealerDeposit): DealerDepositResponse {
  return {
    success: true,
    message: "Transfer the amount to this account, writing the tracking code in the description.",
    data: {
      tracking_code: transaction.trackingCode,
      bank_name: account.bankName,
      account_name: account.accountName,
      iban_no: account.iban,
      amount: Number(transaction.amount.toFixed(2)),
      formatted_iban: formatIban(account.iban),
    },
  };
}

export function presentDealerWithdrawal({
  transaction,
  recipientName,
  recipientIban,
}: StartedDealerWithdrawal): DealerWithdrawalResponse {
  return {
    success: true,
    message: "Withdrawal request created; it will be processed manually.",
    data: {
      tracking_code: transaction.trackingCode,
      status: "pending",
      amount: Number(transaction.amount.toFixed(2)),
      recipient_name: recipientName,
      recipient_iban: recipientIban,
    },
  };
}
