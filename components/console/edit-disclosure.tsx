import type { ReactNode } from "react";

/**
 * View first, edit on purpose: the form stays folded behind a button-like summary until someone opens it.
 * A plain <details>, so it opens without scripts and keyboard users reach it with Tab and Enter.
 */
export function EditDisclosure({ label, name, children }: { label: string; name: string; children: ReactNode }) {
  return (
    <details className="group">
      <summary
        aria-label={name}
        className={
          "inline-flex min-h-10 cursor-pointer list-none items-center rounded-md px-3 text-sm font-medium " +
          "text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 " +
          "focus-visible:outline-offset-2 focus-visible:outline-slate-500 group-open:bg-slate-100 " +
          "[&::-webkit-details-marker]:hidden"
        }
      >
        {label}
      </summary>
      <div className="mt-3">{children}</div>
    </details>
  );
}
