import type { ReactNode } from "react";

/**
 * One decision awaiting a second admin, as the approvals page shows each kind of them (deposits and payouts,
 * refunds, held transfers): a badge, what it is about and when it was proposed, then its own lines and actions.
 */
export function ProposalCard({
  label,
  badge,
  subject,
  who,
  when,
  children,
}: {
  label: string;
  badge: string;
  /** The identifier (tracking code, transfer id), in monospace. */
  subject: string;
  who: string;
  when: string;
  children: ReactNode;
}) {
  return (
    <article aria-label={label} className="flex flex-col gap-2 rounded-lg bg-white p-4 ring-1 ring-indigo-300">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 text-sm">
          <span
            className={
              "mr-2 inline-block rounded-full bg-indigo-100 px-2 py-0.5 text-xs font-medium " + "text-indigo-900"
            }
          >
            {badge}
          </span>
          <span className="font-mono text-xs break-all">{subject}</span> · {who}
        </p>
        <p className="text-sm text-slate-600">{when}</p>
      </header>
      {children}
    </article>
  );
}
