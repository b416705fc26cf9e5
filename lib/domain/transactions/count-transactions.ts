import { afterCommit, type AfterCommitKind } from "@/lib/base/db/transaction";
import type { Db } from "@/lib/base/db/prisma";
import { countTransactionCreated, countTransactionTransition } from "@/lib/base/observability/business-metrics";

/** The labels of a transaction in the business metrics: its method, its direction, its status. */
type Counted = { method: string; direction: string; status: string };

// Counted once the database transaction has committed: a create or a move rolled back never happened.
const CREATED: AfterCommitKind<Counted> = {
  name: "count created transactions",
  flush: async (values) => values.forEach(countTransactionCreated),
};
const MOVED: AfterCommitKind<Counted> = {
  name: "count transaction transitions",
  flush: async (values) => values.forEach(countTransactionTransition),
};

/** Counts a create written on `db` (payment_transactions_created_total), after its commit. */
export function countCreatedAfterCommit(db: Db, t: Counted): Promise<void> {
  return afterCommit(db, CREATED, [{ method: t.method, direction: t.direction, status: t.status }]);
}

/** Counts a move to `status` written on `db` (payment_transaction_transitions_total), after its commit. */
export function countTransitionAfterCommit(db: Db, t: Omit<Counted, "status">, status: string): Promise<void> {
  return afterCommit(db, MOVED, [{ method: t.method, direction: t.direction, status }]);
}
