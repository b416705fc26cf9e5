import { discrepancyStatusWord } from "@/lib/edge/console/reconciliation-words";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";

// Unresolved ones stand out (amber: someone must act; indigo: a second admin must); closed ones recede.
const STYLE: Record<string, string> = {
  open: "bg-amber-50 text-amber-900 ring-amber-300",
  proposed: "bg-indigo-50 text-indigo-900 ring-indigo-300",
  accepted: "bg-emerald-50 text-emerald-800 ring-emerald-200",
};

/** A discrepancy's state in words, as a badge. */
export function DiscrepancyStatusBadge({ status, t }: { status: string; t: ConsoleMessages }) {
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${
        STYLE[status] ?? "bg-slate-50 text-slate-700 ring-slate-200"
      }`}
      data-testid="recon-status"
    >
      {discrepancyStatusWord(status, t)}
    </span>
  );
}
