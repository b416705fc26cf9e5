import { statusLabel } from "@/lib/console/transaction-labels";
import type { TransactionStatus } from "@/lib/generated/prisma/enums";
import { consoleMessages } from "@/lib/i18n/console/server";

const GOOD = "bg-emerald-50 text-emerald-800 ring-emerald-200";
const OPEN = "bg-amber-50 text-amber-800 ring-amber-200";
const BAD = "bg-red-50 text-red-800 ring-red-200";
const QUIET = "bg-slate-100 text-slate-700 ring-slate-200";

const STYLES: Record<TransactionStatus, string> = {
  showing: OPEN,
  pending: OPEN,
  processing: OPEN,
  completed: GOOD,
  success: GOOD,
  canceled: QUIET,
  cancelled: QUIET,
  expired: QUIET,
  refunded: QUIET,
  rejected: BAD,
  failed: BAD,
};

/** The status as integrators see it, with what it means to staff on hover. */
export async function TransactionStatusBadge({ status }: { status: TransactionStatus }) {
  const t = await consoleMessages();
  return (
    <span title={statusLabel(status, t.labels)} className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ${STYLES[status]}`}>
      {status}
    </span>
  );
}
