import { prisma } from "@/lib/base/db/prisma";
import type { TransactionStatus } from "@/lib/generated/prisma/client";
import { callbackOwed, lifecycleOf, STATUSES } from "@/lib/domain/payment-methods";
import { amountDiffersBeyondTolerance, moneyOutNeedsFourEyes } from "@/lib/domain/transactions/four-eyes";

/** Moves out of a final status that the lifecycle allows: a card's refund and a bank deposit's late completion. */
const LEAVES_FINAL = new Set(["success->refunded", "expired->completed"]);
/** Outcomes that contradict each other when both reach the provider: the money went out and did not. */
const CONTRADICTIONS: [TransactionStatus, TransactionStatus][] = [
  ["completed", "canceled"],
  ["completed", "rejected"],
  ["completed", "failed"],
  ["success", "failed"],
  ["success", "cancelled"],
];

/**
 * The money invariants, checked against the database after every step of the model run. Returns the
 * violations in words (empty: all hold).
 */
export async function moneyInvariants(dealerId: number): Promise<string[]> {
  const problems: string[] = [];
  // One snapshot: the rows and their histories are read by several statements, and a move committed
  // between them (the server's own work after an answer) would read as a row ahead of its history.
  const transactions = await prisma.$transaction(
    (tx) =>
      tx.transaction.findMany({
        where: { dealerId },
        include: { events: { orderBy: { id: "asc" } }, deliveries: true, transfer: true, secondApprovals: true },
      }),
    { isolationLevel: "RepeatableRead" },
  );
  for (const t of transactions) {
    const lifecycle = lifecycleOf(t);
    if (!lifecycle) {
      problems.push(`${t.trackingCode}: no lifecycle`);
      continue;
    }
    // 1. The history is one chain of moves that ends in the current status; nothing leaves a final status.
    const moves = t.events.filter((e) => e.fromStatus !== e.toStatus);
    let current: TransactionStatus | null = null;
    for (const e of moves) {
      if (e.fromStatus !== current)
        problems.push(`${t.trackingCode}: history jumps from ${current} to a move out of ${e.fromStatus}`);
      if (current && STATUSES[current].final && !LEAVES_FINAL.has(`${current}->${e.toStatus}`))
        problems.push(`${t.trackingCode}: left final ${current} for ${e.toStatus}`);
      current = e.toStatus;
    }
    if (current !== t.status) problems.push(`${t.trackingCode}: status ${t.status} but history ends at ${current}`);
    // 2. Exactly one callback per status reached that owes one, and none for any other.
    const reached = new Set(moves.map((e) => e.toStatus));
    const owed = [...reached].filter((s) => callbackOwed(lifecycle, s)).sort();
    const sent = t.deliveries.map((d) => d.status).sort();
    if (JSON.stringify(owed) !== JSON.stringify(sent))
      problems.push(`${t.trackingCode}: callbacks ${JSON.stringify(sent)} for statuses ${JSON.stringify(owed)}`);
    for (const [a, b] of CONTRADICTIONS)
      if (sent.includes(a) && sent.includes(b))
        problems.push(`${t.trackingCode}: told the provider both ${a} and ${b}`);
    // 3. An E-IBAN withdrawal is completed exactly when its transfer is; a failed transfer fails it.
    if (t.method === "EIBAN" && t.direction === "WITHDRAWAL") {
      if ((t.status === "completed") !== (t.transfer?.status === "completed"))
        problems.push(`${t.trackingCode}: ${t.status} with transfer ${t.transfer?.status ?? "none"}`);
      if (t.transfer?.status === "failed" && t.status !== "failed")
        problems.push(`${t.trackingCode}: transfer failed but withdrawal ${t.status}`);
      if (t.transfer && ["rejected", "canceled"].includes(t.status))
        problems.push(`${t.trackingCode}: ${t.status} although a transfer was sent`);
    }
    // 4a. Money credited is money that arrived: positive, and never more than a gateway's order.
    if (
      t.finalAmount &&
      (t.finalAmount.lessThanOrEqualTo(0) || (t.method.startsWith("TP_") && t.finalAmount.greaterThan(t.amount)))
    ) {
      problems.push(
        `${t.trackingCode}: final amount ${t.finalAmount.toFixed(2)} for an order of ${t.amount.toFixed(2)}`,
      );
    }
    // 6. Four eyes: a staff move the table marks four eyes (a differing amount, a late completion, money out above
    //    the limit) was
    //    made only with a proposal confirmed by someone other than its proposer, with the proposal's amount
    //    and bank reference; no transaction has two confirmations, nor an open proposal it cannot reach.
    for (const e of moves.filter((m) => m.actorType === "CONSOLE_USER" || m.actorType === "CLI")) {
      const rule = lifecycle.transitions.find((r) => r.from === e.fromStatus && r.to === e.toStatus && r.fourEyes);
      const final = t.finalAmount?.toFixed(2) ?? t.amount.toFixed(2);
      if (
        !rule ||
        (rule.fourEyes === "amount_differs" && !amountDiffersBeyondTolerance(t.amount.toFixed(2), final)) ||
        (rule.fourEyes === "money_out" && !moneyOutNeedsFourEyes(final))
      )
        continue;
      const confirmed = t.secondApprovals.filter((a) => a.decision === "confirmed" && a.toStatus === e.toStatus);
      if (confirmed.length !== 1)
        problems.push(
          `${t.trackingCode}: ${e.fromStatus} -> ${e.toStatus} with ${final} and ${confirmed.length} confirmed second approvals`,
        );
      for (const a of confirmed) {
        if (!a.decidedBy || a.decidedBy.toLowerCase() === a.proposedBy.toLowerCase())
          problems.push(`${t.trackingCode}: ${a.proposedBy} confirmed their own proposal`);
        if (a.decidedBy === "staff@model") problems.push(`${t.trackingCode}: dealer staff gave the second approval`);
        if (a.amount.toFixed(2) !== final)
          problems.push(`${t.trackingCode}: proposed ${a.amount.toFixed(2)} but completed with ${final}`);
        if (rule.evidence === "bank_reference" && !a.bankReference)
          problems.push(`${t.trackingCode}: completed late without the bank's reference`);
      }
    }
    if (t.secondApprovals.filter((a) => a.decision === "confirmed").length > 1)
      problems.push(`${t.trackingCode}: confirmed twice`);
    // An open proposal is one an admin can still confirm from where the transaction stands.
    const stale = t.secondApprovals.filter(
      (a) =>
        a.openFor !== null &&
        !lifecycle.transitions.some((r) => r.from === t.status && r.to === a.toStatus && r.by.includes("admin")),
    );
    if (stale.length)
      problems.push(`${t.trackingCode}: ${t.status} with a proposal for ${stale[0]!.toStatus} still open`);
    // 4. A third-party withdrawal canceled by time was never handed over: its gateway holds no payout order.
    if (t.method.startsWith("TP_") && t.direction === "WITHDRAWAL" && t.status === "canceled") {
      if (await prisma.sandboxGatewayOrder.findFirst({ where: { clientRef: t.trackingCode } }))
        problems.push(`${t.trackingCode}: canceled while the gateway holds its order`);
    }
  }
  // 5. Each wallet is what the bank says; available is the balance less the transfers in flight; no
  //    money leaves twice (one transfer per withdrawal, one completion per transfer order at the bank).
  const wallets = await prisma.eibanWallet.findMany({ where: { dealerId }, include: { transfers: true } });
  for (const w of wallets) {
    const bank = await prisma.sandboxBankAccount.findUnique({ where: { iban: w.iban } });
    if (!bank || !bank.balance.equals(w.balance))
      problems.push(`${w.walletId}: ledger ${w.balance.toFixed(2)} but bank ${bank?.balance.toFixed(2)}`);
    const inFlight = w.transfers
      .filter((x) => x.status === "pending")
      .reduce((sum, x) => sum + Math.round(Number(x.amount.toFixed(2)) * 100), 0);
    const expected = Math.round(Number(w.balance.toFixed(2)) * 100) - inFlight;
    if (Math.round(Number(w.availableBalance.toFixed(2)) * 100) !== expected)
      problems.push(
        `${w.walletId}: available ${w.availableBalance.toFixed(2)}, expected ${(expected / 100).toFixed(2)}`,
      );
    const perWithdrawal = new Map<number, number>();
    for (const x of w.transfers)
      if (x.transactionId) perWithdrawal.set(x.transactionId, (perWithdrawal.get(x.transactionId) ?? 0) + 1);
    for (const [id, n] of perWithdrawal) if (n > 1) problems.push(`withdrawal ${id}: ${n} transfers`);
    const paidOut = await prisma.sandboxBankLine.aggregate({
      where: { accountIban: w.iban, direction: "outgoing" },
      _sum: { amount: true },
    });
    const booked = w.transfers
      .filter((x) => x.status === "completed")
      .reduce((sum, x) => sum + Math.round(Number(x.amount.toFixed(2)) * 100), 0);
    if (Math.round(Number(paidOut._sum.amount?.toFixed(2) ?? "0") * 100) !== booked)
      problems.push(
        `${w.walletId}: the bank paid out ${paidOut._sum.amount?.toFixed(2)}, the ledger booked ${(booked / 100).toFixed(2)}`,
      );
  }
  return problems;
}
