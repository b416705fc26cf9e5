import { paymentMethodOf } from "@/lib/domain/payment-methods";
import type { Db } from "@/lib/base/db/prisma";
import type { Direction } from "@/lib/generated/prisma/enums";
import type { PaymentMethod } from "@/lib/domain/payment-methods";
import type { AccountRef } from "./accounts";
import { feeOf, feeReversal, negate, sumAmounts } from "./fee";
import { postEntrySet, type AppliedRate, type EntryLine } from "./post-entry-set";

/** The money events a transaction's own move posts (the method table's `ledger.event`). */
export type TransactionEvent = "DEPOSIT" | "WITHDRAWAL" | "CARD_PAYMENT";

type Posted = {
  id: number;
  method: string;
  direction: Direction;
  providerId: number | null;
  dealerId: number;
  amount: { toFixed(d: number): string };
  finalAmount: { toFixed(d: number): string } | null;
};

type Schedule = {
  id: number;
  service_percent: string;
  service_fixed: string;
  dealer_percent: string;
  dealer_fixed: string;
};

/** The provider's fee schedule for the method and direction in force at `at` (default: now), if any. */
async function scheduleInForce(
  tx: Db,
  providerId: number,
  method: PaymentMethod,
  direction: Direction,
  at?: Date,
): Promise<Schedule | null> {
  const rows = await tx.$queryRaw<Schedule[]>`
    SELECT id, service_percent::text AS service_percent, service_fixed::text AS service_fixed, dealer_percent::text
      AS dealer_percent, dealer_fixed::text AS dealer_fixed
    FROM fee_schedules
    WHERE provider_id = ${providerId} AND method = ${method} AND direction = ${direction}::"Direction"
      AND effective_from <= COALESCE(${at ?? null}::timestamptz, now())
    ORDER BY effective_from DESC LIMIT 1`;
  return rows[0] ?? null;
}

/** The two lines of one fee part: the provider pays it out of what the dealer holds for it. */
function feeLines(
  providerId: number,
  dealerId: number,
  part: "SERVICE_FEE" | "DEALER_FEE",
  fee: string,
  rate: AppliedRate,
): EntryLine[] {
  const earner: AccountRef = {
    kind: part === "SERVICE_FEE" ? "SERVICE_FEES" : "DEALER_COMMISSION",
    providerId,
    dealerId,
  };
  return [
    { account: { kind: "PROVIDER_PAYABLE", providerId, dealerId }, line: part, amount: fee, rate },
    { account: earner, line: part, amount: negate(fee), rate },
  ];
}

/**
 * Whose money the event is: the provider's (held by the dealer for it) or, for dealer-origin ones, the dealer's own.
 */
function ownerAccount(t: { providerId: number | null; dealerId: number }): AccountRef {
  return t.providerId === null
    ? { kind: "DEALER_OWN", dealerId: t.dealerId }
    : { kind: "PROVIDER_PAYABLE", providerId: t.providerId, dealerId: t.dealerId };
}

/**
 * The entry set of a transaction reaching the status its flow posts on (docs/ledger.md): money in (a deposit,
 * a card payment) lands in the dealer's cash and is owed to its owner; money out (a withdrawal) leaves it.
 * The provider pays the service's fee and the dealer's share, from the schedule in force, on either.
 */
export async function postTransactionEvent(
  tx: Db,
  t: Posted,
  event: TransactionEvent,
  postedAt?: Date,
): Promise<bigint | null> {
  const amount = (t.finalAmount ?? t.amount).toFixed(2);
  const cash: AccountRef = { kind: "DEALER_CASH", dealerId: t.dealerId };
  const owner = ownerAccount(t);
  const moneyIn = event !== "WITHDRAWAL";
  const lines: EntryLine[] = [
    { account: cash, line: "AMOUNT", amount: moneyIn ? amount : negate(amount) },
    { account: owner, line: "AMOUNT", amount: moneyIn ? negate(amount) : amount },
  ];
  const schedule =
    t.providerId === null
      ? null
      : await scheduleInForce(tx, t.providerId, paymentMethodOf(t.method), t.direction, postedAt);
  if (schedule && t.providerId !== null) {
    const service = { percent: schedule.service_percent, fixed: schedule.service_fixed, scheduleId: schedule.id };
    const dealer = { percent: schedule.dealer_percent, fixed: schedule.dealer_fixed, scheduleId: schedule.id };
    lines.push(...feeLines(t.providerId, t.dealerId, "SERVICE_FEE", feeOf(amount, service), service));
    lines.push(...feeLines(t.providerId, t.dealerId, "DEALER_FEE", feeOf(amount, dealer), dealer));
  }
  return postEntrySet(tx, {
    kind: event,
    causeId: t.id,
    transactionId: t.id,
    providerId: t.providerId,
    dealerId: t.dealerId,
    amount,
    lines,
    postedAt,
  });
}

type PaymentFee = {
  line: "SERVICE_FEE" | "DEALER_FEE";
  amount: string;
  fee_percent: string;
  fee_fixed: string;
  fee_schedule_id: number | null;
};

/**
 * An approved card refund: the refunded amount leaves the dealer's cash and is no longer owed to the payment's
 * owner, and the payment's fees come back in proportion (`feeReversal`), at the payment's own rates, so the
 * refunds of a whole payment leave every account where the payment found it.
 */
export async function postCardRefund(
  tx: Db,
  refund: { id: number; amount: string },
  payment: Posted,
  postedAt?: Date,
): Promise<bigint | null> {
  const paid = await tx.$queryRaw<
    { amount: string }[]
  >`SELECT amount::text AS amount FROM ledger_entry_sets WHERE kind = 'CARD_PAYMENT' AND cause_id = ${payment.id}`;
  const before = await tx.$queryRaw<{ total: string }[]>`
    SELECT COALESCE(sum(amount), 0)::text AS total FROM ledger_entry_sets WHERE kind = 'CARD_REFUND' AND
      transaction_id = ${payment.id} AND cause_id <> ${refund.id}`;
  const fees = await tx.$queryRaw<PaymentFee[]>`
    SELECT e.line::text AS line, e.amount::text AS amount, e.fee_percent::text AS fee_percent, e.fee_fixed::text AS
      fee_fixed, e.fee_schedule_id
    FROM ledger_entries e JOIN ledger_entry_sets s ON s.id = e.set_id JOIN ledger_accounts a ON a.id = e.account_id
    WHERE s.kind = 'CARD_PAYMENT' AND s.cause_id = ${payment.id} AND a.kind = 'PROVIDER_PAYABLE' AND e.line <>
      'AMOUNT'`;
  const cash: AccountRef = { kind: "DEALER_CASH", dealerId: payment.dealerId };
  const lines: EntryLine[] = [
    { account: cash, line: "AMOUNT", amount: negate(refund.amount) },
    { account: ownerAccount(payment), line: "AMOUNT", amount: refund.amount },
  ];
  const paymentAmount = paid[0]?.amount;
  const refundedBefore = before[0]?.total ?? "0.00";
  if (paymentAmount && payment.providerId !== null) {
    for (const fee of fees) {
      const back = feeReversal(fee.amount, paymentAmount, refundedBefore, sumAmounts([refundedBefore, refund.amount]));
      lines.push(
        ...feeLines(payment.providerId, payment.dealerId, fee.line, negate(back), {
          percent: fee.fee_percent,
          fixed: fee.fee_fixed,
          scheduleId: fee.fee_schedule_id,
        }),
      );
    }
  }
  return postEntrySet(tx, {
    kind: "CARD_REFUND",
    causeId: refund.id,
    transactionId: payment.id,
    providerId: payment.providerId,
    dealerId: payment.dealerId,
    amount: refund.amount,
    lines,
    postedAt,
  });
}

/** A dealer's own send-money transfer that the bank completed: the money leaves the dealer's cash, its own. */
export async function postSendMoney(
  tx: Db,
  transfer: { id: number; dealerId: number; amount: { toFixed(d: number): string } },
  postedAt?: Date,
): Promise<bigint | null> {
  const amount = transfer.amount.toFixed(2);
  return postEntrySet(tx, {
    kind: "SEND_MONEY",
    causeId: transfer.id,
    transactionId: null,
    providerId: null,
    dealerId: transfer.dealerId,
    amount,
    postedAt,
    lines: [
      { account: { kind: "DEALER_OWN", dealerId: transfer.dealerId }, line: "AMOUNT", amount },
      { account: { kind: "DEALER_CASH", dealerId: transfer.dealerId }, line: "AMOUNT", amount: negate(amount) },
    ],
  });
}
