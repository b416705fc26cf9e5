import { errorCodeLabel } from "@/lib/edge/console/transaction-labels";
import { readStatus, type StatusReading } from "@/lib/domain/payment-methods/status-reading";
import type { ActorType, Direction, TransactionStatus } from "@/lib/generated/prisma/enums";
import { consoleMessages } from "@/lib/edge/i18n/console/server";

const GOOD = "bg-emerald-50 text-emerald-800 ring-emerald-200";
const OPEN = "bg-amber-50 text-amber-800 ring-amber-200";
const BAD = "bg-red-50 text-red-800 ring-red-200";
const QUIET = "bg-slate-100 text-slate-700 ring-slate-200";

const STYLES: Record<StatusReading, string> = {
  showing: OPEN,
  pending: OPEN,
  processing: OPEN,
  completed: GOOD,
  success: GOOD,
  canceled: QUIET,
  expired: QUIET,
  refunded: QUIET,
  rejected: BAD,
  declined: BAD,
  failed: BAD,
};

/**
 * The status in the console's one vocabulary (a deposit staff rejected reads "rejected"), the API's value on
 * hover, and an error code in words when there is one.
 */
export async function TransactionStatusBadge({
  status,
  direction,
  canceledBy,
  errorCode,
  errorMessage,
}: {
  status: TransactionStatus;
  direction: Direction;
  canceledBy?: ActorType | null;
  errorCode?: string | null;
  /** The partner's own words for a code the console does not know ("6" at PayTR): said beside it, never bare. */
  errorMessage?: string | null;
}) {
  const t = await consoleMessages();
  const reading = readStatus(status, direction, canceledBy);
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <span
        title={t.labels.apiValue(status)}
        data-status={reading}
        className={
          `inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ` + `${STYLES[reading]}`
        }
      >
        {t.labels.status[reading]}
      </span>
      {errorCode && <span className="text-xs text-slate-600">{errorCodeLabel(errorCode, t.labels, errorMessage)}</span>}
    </span>
  );
}
