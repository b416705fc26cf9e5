import { errorCodeLabel, statusLabel } from "@/lib/edge/console/transaction-labels";
import type { TransactionStatus } from "@/lib/generated/prisma/enums";
import { consoleMessages } from "@/lib/edge/i18n/console/server";

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

/** The status in the operator's language, its hint on hover, and an error code in words when there is one. */
export async function TransactionStatusBadge({ status, errorCode }: { status: TransactionStatus; errorCode?: string | null }) {
  const t = await consoleMessages();
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <span title={statusLabel(status, t.labels)} className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ${STYLES[status]}`}>
        {t.labels.status[status]}
      </span>
      {errorCode && <span className="text-xs text-slate-600">{errorCodeLabel(errorCode, t.labels)}</span>}
    </span>
  );
}
