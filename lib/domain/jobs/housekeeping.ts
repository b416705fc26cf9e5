import type { PaymentMethod } from "@/lib/domain/payment-methods";
import { METHODS, THIRD_PARTY, type ThirdPartyMethod } from "@/lib/domain/payment-methods";
import { resubmitUnsentWithdrawals } from "@/lib/domain/third-party/submit-withdrawal-to-gateway";
import { resubmitUnsentTransfers } from "@/lib/domain/transfers/submit-transfer";
import { inquireOpenGatewayOrders } from "@/lib/domain/third-party/inquire-open-orders";
import { pollBankStatements } from "@/lib/domain/eiban/poll-bank-statements";
import { inquireCardPayments } from "@/lib/domain/cards/inquire-card-payments";
import { resolveUnknownCardRefunds } from "@/lib/domain/cards/resolve-card-refunds";
import { closeLedgerDays } from "@/lib/domain/ledger/snapshots";
import { pruneExpiredRecords } from "./prune-expired-records";
import { forgetPartnerNonces } from "@/lib/domain/idempotency/partner-nonces";
import { reconcileDueDays } from "@/lib/domain/reconciliation/reconcile-due-days";

/** One periodic task: `id` names its Inngest step, `run` does one round of it. */
export type HousekeepingTask = { id: string; run: (now: Date) => Promise<unknown> };

const resubmitTransfers: HousekeepingTask = {
  id: "resubmit-unsent-transfers",
  run: (now) => resubmitUnsentTransfers(now),
};
const pollStatements: HousekeepingTask = { id: "poll-bank-statements", run: (now) => pollBankStatements(now) };
const inquireCards: HousekeepingTask = { id: "inquire-card-payments", run: (now) => inquireCardPayments(now) };
/** Card refunds that got no answer, settled by the acquirer's records (made, or not made once settled). */
const resolveCardRefunds: HousekeepingTask = {
  id: "resolve-unknown-card-refunds",
  run: (now) => resolveUnknownCardRefunds(now),
};
/** The third-party methods share their gateways' work: one round covers bank, crypto and wallet. */
const GATEWAY_TASKS: readonly HousekeepingTask[] = [
  { id: "resubmit-unsent-withdrawals", run: (now) => resubmitUnsentWithdrawals(now) },
  { id: "inquire-open-gateway-orders", run: (now) => inquireOpenGatewayOrders(now) },
];

/**
 * The periodic work each payment method needs (a status inquiry, a statement poller, a resend of what was
 * not handed over): a new method fails the type check here until it is said what it needs ([] for nothing).
 */
const METHOD_TASKS: Record<PaymentMethod, readonly HousekeepingTask[]> = {
  MANUAL_BANK: [],
  EIBAN: [resubmitTransfers, pollStatements],
  CREDIT_CARD: [inquireCards, resolveCardRefunds],
  // Methods 4-6 all go through gateways: one inquiry serves every kind.
  ...(Object.fromEntries(THIRD_PARTY.map(({ method }) => [method, GATEWAY_TASKS])) as Record<
    ThirdPartyMethod,
    readonly HousekeepingTask[]
  >),
};

/**
 * Every periodic task of the service, in one list that both job engines run: the in-process runners once per
 * 15 s slot in the whole fleet (in-process-runner.ts, claimed in housekeeping-round.ts) and, under Inngest, the
 * sweep every minute (functions/sweep.ts), one step each under the same claim.
 * It is each method's tasks (once each, in the registry's order), then the service's own (pruning, the
 * ledger's daily snapshots).
 * Each task must be safe to repeat after a crash, and beside a process whose claim lapsed mid-run (a claim
 * makes one run per slot the rule; fenced writes make it hold where it must: work-leases.ts, leaseHeld).
 */
export const HOUSEKEEPING_TASKS: HousekeepingTask[] = [
  ...new Set(METHODS.flatMap((method) => METHOD_TASKS[method])),
  { id: "prune-expired-records", run: (now) => pruneExpiredRecords(now) },
  // Signed partner messages' nonces, once their 5-minute window has passed (docs/partner-protocol.md).
  { id: "forget-partner-nonces", run: (now) => forgetPartnerNonces(now) },
  // The ledger's daily snapshots: a day is closed once, some minutes after its end (docs/ledger.md).
  { id: "close-ledger-days", run: (now) => closeLedgerDays(now) },
  // Each partner account's day matched against the partner's report, the morning after and two days later
  // (docs/reconciliation.md).
  { id: "reconcile-partner-days", run: (now) => reconcileDueDays(now) },
];
