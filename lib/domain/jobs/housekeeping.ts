import { resubmitUnsentWithdrawals } from "@/lib/domain/third-party/submit-withdrawal-to-gateway";
import { resubmitUnsentTransfers } from "@/lib/domain/transfers/submit-transfer";
import { inquireOpenGatewayOrders } from "@/lib/domain/third-party/inquire-open-orders";
import { pollBankStatements } from "@/lib/domain/eiban/poll-bank-statements";
import { inquireCardPayments } from "@/lib/domain/cards/inquire-card-payments";
import { pruneExpiredRecords } from "./prune-expired-records";

/** One periodic task: `id` names its Inngest step, `run` does one round of it. */
export type HousekeepingTask = { id: string; run: (now: Date) => Promise<unknown> };

/**
 * Every periodic task of the service, in one list that both job engines run: the in-process runner every
 * 15 s (in-process-runner.ts) and, under Inngest, the sweep every minute (functions/sweep.ts), one step each.
 * A new periodic job (a status inquiry, a statement poller) is one entry appended here, nothing else.
 * Each task must be safe to run concurrently on several instances and to repeat after a crash.
 */
export const HOUSEKEEPING_TASKS: HousekeepingTask[] = [
  { id: "resubmit-unsent-transfers", run: (now) => resubmitUnsentTransfers(now) },
  { id: "resubmit-unsent-withdrawals", run: (now) => resubmitUnsentWithdrawals(now) },
  { id: "inquire-open-gateway-orders", run: (now) => inquireOpenGatewayOrders(now) },
  { id: "poll-bank-statements", run: (now) => pollBankStatements(now) },
  { id: "inquire-card-payments", run: (now) => inquireCardPayments(now) },
  { id: "prune-expired-records", run: (now) => pruneExpiredRecords(now) },
];
