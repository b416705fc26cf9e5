import type { AuthenticatedDealer } from "@/lib/domain/dealers/find-dealer-by-api-key";
import { assertDealerMethodEnabled } from "@/lib/domain/dealers/assert-method-enabled";
import { inTransaction } from "@/lib/base/db/transaction";
import { createTransaction } from "@/lib/domain/transactions/create-transaction";
import { trackingCode } from "@/lib/domain/transactions/tracking-code";
import type { DealerWithdrawalResponse } from "@/lib/api/schemas/responses/dealer-responses";

type Body = { username: string; userid: string; amount: string; recipient_name: string; recipient_iban: string };

/** POST /api/dealer/manual-iban/withdraw: a withdrawal request (WDR-), pending until staff process it. */
export async function startDealerWithdrawal(dealer: AuthenticatedDealer, body: Body): Promise<DealerWithdrawalResponse> {
  assertDealerMethodEnabled(dealer, "MANUAL_BANK");
  const transaction = await inTransaction((tx) =>
    createTransaction(
      tx,
      {
        trackingCode: trackingCode("WDR"),
        method: "MANUAL_BANK",
        direction: "WITHDRAWAL",
        origin: "DEALER",
        status: "pending",
        dealerId: dealer.id,
        siteIntegrationId: dealer.siteIntegration?.id ?? null,
        userId: body.userid,
        username: body.username,
        fullname: body.recipient_name,
        amount: body.amount,
        iban: body.recipient_iban,
        recipientName: body.recipient_name,
      },
      { type: "API", id: dealer.callerId },
    ),
  );
  return {
    success: true,
    message: "Withdrawal request created; it will be processed manually.",
    data: {
      tracking_code: transaction.trackingCode,
      status: "pending",
      amount: Number(transaction.amount.toFixed(2)),
      recipient_name: body.recipient_name,
      recipient_iban: body.recipient_iban,
    },
  };
}
