import type { Db } from "@/lib/base/db/prisma";
import { note } from "@/lib/base/messages/notes";
import { inTransaction } from "@/lib/base/db/transaction";
import { raiseAlert } from "@/lib/domain/alerts/raise-alert";
import { reportOutcome } from "@/lib/domain/transactions/report-outcome";
import { ACQUIRER } from "@/lib/domain/transactions/transition-actor";
import { lockTransaction } from "@/lib/domain/transactions/transition-transaction";
import type { CardAttempt, Transaction } from "@/lib/generated/prisma/client";
import type { PaymentOutcome } from "@/lib/integrations/connectors/ports";
import { recordAcquirerFinding } from "./acquirer-finding";
import { attemptForOrder, otherApprovedAttempt, recordAttemptVerdict } from "./card-attempts";
import { settleAttemptVerdict } from "./settle-attempt-verdict";

export type ApplyResult = "applied" | "duplicate" | "conflict" | "unknown-order" | "no-verdict";

type Approval = Extract<PaymentOutcome, { status: "approved" }>;

/**
 * The acquirer's verdict on one of our orders, from a verified return, notification or status inquiry (the
 * connector checked signature, order id and amount). A repeat changes nothing; a verdict the lifecycle no
 * longer allows (an approval after the 15-minute timeout failed the payment) is recorded in the payment's
 * history and raised for staff to refund, never dropped. "pending" and "not_found" are no verdict.
 *
 * An approval naming another charge than the one that paid the payment (iyzico: a second checkout token of
 * the same order, paid in another tab) is not a repeat although the status already matches: the customer
 * was charged twice. It is recorded in the history and raised for staff to refund that second charge.
 *
 * `orderId` names one attempt of the payment (card-attempts.ts): the verdict is recorded on that attempt
 * first. A decline of the latest attempt leaves the payment open for another card while the lifecycle
 * allows (settle-attempt-verdict.ts); an approval of a second attempt after another was approved is a second
 * charge, raised like iyzico's.
 *
 * How far 3-D Secure went is recorded on the payment (`three_d_secure`) with the verdict. A decline the
 * acquirer charged anyway (half 3-D Secure at a dealer that does not accept it) fails the payment and is
 * raised for staff to refund the charge, whatever the payment's state (a charge after the timeout too). An approval
 * whose partner collected more than the order (`collected`) credits the order's amount and says the rest.
 */
export async function applyAcquirerOutcome(orderId: string, outcome: PaymentOutcome): Promise<ApplyResult> {
  if (outcome.status === "pending" || outcome.status === "not_found") return "no-verdict";
  const attempt = await attemptForOrder(orderId);
  if (!attempt) return "unknown-order";
  const payment = { id: attempt.transactionId };
  const to = outcome.status === "approved" ? "success" : outcome.status === "cancelled" ? "cancelled" : "failed";
  const auth = outcome.status === "approved" ? (outcome.authCode ?? null) : null;
  const charge = outcome.status === "approved" ? (outcome.chargeReference ?? null) : null;
  const error = outcome.status === "approved" ? null : outcome.error;
  const threeDSecure = outcome.status === "cancelled" ? undefined : outcome.threeDSecure;
  const { result } = await inTransaction(async (tx) => {
    // Under the payment's lock: verdicts arriving together (two approvals, a late decline) are taken one after the
    // other.
    const t = await lockTransaction(tx, payment.id);
    const news = await recordAttemptVerdict(tx, attempt, outcome);
    // A decline the acquirer charged anyway is main's failure with its alert whatever the attempt or the
    // payment's state: it never leaves the payment open for another card (which could be charged twice).
    const chargedAnyway = outcome.status === "declined" && outcome.chargedAnyway === true;
    if (outcome.status !== "approved" && !chargedAnyway) {
      const settled = await settleAttemptVerdict(tx, t, attempt, news, outcome);
      if (settled) return { result: settled };
    }
    if (outcome.status === "approved") {
      if (isAnotherCharge(t, outcome))
        return { result: await recordSecondCharge(tx, t, outcome, outcome.chargeReference!, attempt) };
      const earlier = news === "new" ? await otherApprovedAttempt(tx, attempt) : null;
      if (earlier)
        return { result: await recordSecondCharge(tx, t, outcome, secondAttemptCharge(attempt, earlier), attempt) };
      // The approval that a refund followed is already recorded: hearing it again is a repeat, not a conflict.
      if (t.status === "refunded") return { result: "duplicate" as const };
    }
    const reported = await reportOutcome(tx, {
      id: payment.id,
      to,
      actor: ACQUIRER,
      source: "card-acquirer",
      reported: error
        ? `${outcome.status} (${error.code})`
        : `approved${auth ? ` (auth code ${auth})` : ""}${charge ? ` (charge ${charge})` : ""}`,
      reportKey: charge ?? undefined,
      note: error
        ? note("acquirerDeclined", { code: error.code, message: error.message })
        : note("acquirerApproved", { authCode: auth ?? undefined }),
      data: {
        ...(error
          ? { errorCode: error.code, errorMessage: error.message }
          : {
              completedAt: new Date(),
              gatewayReference: auth ?? (outcome.status === "approved" ? outcome.partnerReference : null),
              chargeReference: charge,
            }),
        ...(threeDSecure ? { threeDSecure } : {}),
      },
    });
    if (outcome.status === "declined" && outcome.chargedAnyway) {
      await raiseAlert(tx, {
        kind: "charge_not_accepted",
        source: "card-acquirer",
        transaction: reported.transaction,
        message: note("chargeNotAccepted", { code: outcome.error.code, message: outcome.error.message }),
        details: {
          code: outcome.error.code,
          partnerReference: outcome.partnerReference,
          threeDSecure: threeDSecure ?? null,
        },
        dedupeKey: `charge_not_accepted:${payment.id}`,
      });
    }
    if (outcome.status === "approved" && outcome.collected && reported.result === "applied")
      await raiseCollectedMore(tx, reported.transaction, outcome.collected, outcome.amount);
    return reported;
  });
  return result;
}

/** The customer paid the partner more than the order (installment interest, a surcharge): credited the order, said. */
async function raiseCollectedMore(tx: Db, t: Transaction, collected: string, amount: string): Promise<void> {
  await recordAcquirerFinding(tx, t, {
    kind: "collected_more",
    message: note("collectedMore", { collected, amount }),
    details: { collected, amount },
    dedupeKey: `collected_more:${t.id}`,
  });
}

/** A paid payment hears of a charge other than the one recorded as paying it (both known to the acquirer's ids). */
function isAnotherCharge(t: Transaction, outcome: Approval): boolean {
  const paid = t.status === "success" || t.status === "refunded";
  return (
    paid && t.chargeReference !== null && !!outcome.chargeReference && outcome.chargeReference !== t.chargeReference
  );
}

/** A second attempt approved after another: the charge is named by the attempt's order id at the acquirer. */
function secondAttemptCharge(attempt: CardAttempt, earlier: CardAttempt): string {
  return `${attempt.orderId} (attempt ${attempt.number}; attempt ${earlier.number} was approved first)`;
}

/** The second charge into the history and the Needs attention queue, once per charge however often it is heard. */
async function recordSecondCharge(
  tx: Db,
  t: Transaction,
  outcome: Approval,
  charge: string,
  attempt: CardAttempt,
): Promise<"conflict"> {
  await recordAcquirerFinding(tx, t, {
    kind: "second_card_charge",
    message: note("secondCharge", {
      charge,
      amount: outcome.amount,
      credited: t.chargeReference ?? "",
      authCode: outcome.authCode ?? undefined,
    }),
    details: {
      charge,
      amount: outcome.amount,
      checkout: outcome.partnerReference,
      // Which attempt's checkout took it (an earlier one still payable after "another card" opened the next).
      attempt: { number: attempt.number, orderId: attempt.orderId },
      authCode: outcome.authCode ?? null,
      creditedCharge: t.chargeReference,
    },
    dedupeKey: `second_card_charge:${t.id}:${charge}`,
  });
  return "conflict";
}
