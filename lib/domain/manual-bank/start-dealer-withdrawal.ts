import type { AuthenticatedDealer } from "@/lib/domain/dealers/find-dealer-by-api-key";
import { assertDealerMethodEnabled } from "@/lib/domain/dealers/assert-method-enabled";
import { inTransaction } from "@/lib/base/db/transaction";
import { createTransaction } from "@/lib/domain/transactions/create-transaction";
import { dealerRequestFields } from "./dealer-request-fields";
import type { Transaction } from "@/lib/generated/prisma/client";

type Body = { username: string; userid: string; amount: string; recipient_name: string; recipient_iban: string };

/** The created withdrawal and its recipient as the request named them. */
export type StartedDealerWithdrawal = { transaction: Transaction; recipientName: string; recipientIban: string };

/** POST /api/dealer/manual-iban/withdraw: a withdrawal request (WDR-), pending until staff process it. */
export async function startDealerWithdrawal(dealer: AuthenticatedDealer, body: Body): Promise<StartedDealerWithdrawal> {
  assertDealerMethodEnabled(dealer, "MANUAL_BANK");
  const transaction = await inTransaction((tx) =>
    createTransaction(
      tx,
      {
        ...dealerRequestFields(dealer, "WITHDRAWAL", body),
        fullname: body.recipient_name,
        iban: body.recipient_iban,
        recipientName: body.recipient_name,
      },
      { type: "API", id: dealer.callerId },
    ),
  );
  return { transaction, recipientName: body.recipient_name, recipientIban: body.recipient_iban };
}
