import { formatLocalIso } from "@/lib/base/time/format";
import type { DealerEibans } from "@/lib/domain/eiban/list-dealer-eibans";
import { HISTORY_PAGE_SIZE, type EibanStatementPage } from "@/lib/domain/eiban/list-eiban-transactions";
import type { DealerTransfer } from "@/lib/domain/transfers/get-transfer-status";
import type { Transfer } from "@/lib/generated/prisma/client";
import type {
  EibansResponse,
  EibanTransactionsResponse,
  SendMoneyResponse,
  TransferStatusResponse,
} from "@/lib/api/schemas/responses/dealer-responses";
import { transferDetail, transferResponse } from "./transfer-record";

/** The bodies of the dealer's E-IBAN endpoints (contracts/eiban.ts): wallets, statements, transfers. */

/** Balances from our ledger, as two-decimal strings. */
export function presentEibans({ dealerName, wallets }: DealerEibans): EibansResponse {
  return {
    success: true,
    dealer_name: dealerName,
    total_eibans: wallets.length,
    eibans: wallets.map((w) => ({
      id: w.id,
      iban_no: w.iban,
      bank_name: w.bankName,
      account_name: w.accountName,
      wallet_id: w.walletId,
      balance: w.balance.toFixed(2),
      available_balance: w.availableBalance.toFixed(2),
    })),
  };
}

export function presentEibanStatement({
  dealerName,
  walletId,
  query,
  total,
  totalPages,
  lines,
}: EibanStatementPage): EibanTransactionsResponse {
  return {
    success: true,
    dealer_name: dealerName,
    wallet_id: walletId,
    date_range: { start_date: query.start_date, end_date: query.end_date },
    pagination: {
      current_page: query.page,
      per_page: HISTORY_PAGE_SIZE,
      total_records: total,
      total_pages: totalPages,
      has_more: query.page < totalPages,
    },
    transactions: lines.map((l) => ({
      transactionId: l.externalId,
      amount: l.amount.toFixed(2),
      type: l.direction,
      description: l.description,
      senderName: l.senderName,
      senderIban: l.senderIban,
      date: formatLocalIso(l.occurredAt),
    })),
  };
}

/** Handed to sendMoney, which stores it with the transfer: a retry of the same Idempotency-Key replays it. */
export function presentSentMoney(transfer: Transfer): SendMoneyResponse {
  return { success: true, message: "Transfer accepted and sent to the bank.", transfer: transferResponse(transfer) };
}

export function presentTransferStatus({ dealerName, transfer }: DealerTransfer): TransferStatusResponse {
  return { success: true, dealer_name: dealerName, transfer: transferDetail(transfer) };
}
