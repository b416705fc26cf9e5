"use client";

import { usePathname } from "next/navigation";
import { createContext, use, useCallback, useState, type ReactNode } from "react";
import { useConsoleText } from "./console-lang";

type Announce = (text: string) => void;

const OutcomeContext = createContext<Announce | null>(null);

/** What a confirmation reports once done; null outside the console's layout (the form then shows it itself). */
export function useAnnounceOutcome(): Announce | null {
  return use(OutcomeContext);
}

/**
 * Where a decision's outcome stays readable after its row has gone: an approval revalidates the page, so the
 * approved row (and the form that said "Approved") leaves the list at once. The outcomes of the page's
 * last decisions are kept here, at the foot of the window, until the operator moves to another page or
 * dismisses them. The region is live from the start, so each new outcome is read out.
 */
export function ActionOutcomes({ children }: { children: ReactNode }) {
  const t = useConsoleText();
  const [all, setItems] = useState<{ id: number; text: string; page: string }[]>([]);
  const pathname = usePathname();
  const announce = useCallback(
    (text: string) =>
      setItems((list) => [...list.slice(-2), { id: Date.now() + Math.random(), text, page: window.location.pathname }]),
    [],
  );
  // An outcome belongs to the page it was decided on: another page does not show it.
  const items = all.filter((item) => item.page === pathname);
  return (
    <OutcomeContext value={announce}>
      {children}
      {/* Does not catch the pointer: only its own dismiss buttons do, so it never covers what lies under it. */}
      <div
        aria-live="polite"
        className="pointer-events-none fixed inset-x-0 bottom-3 z-40 flex flex-col items-center gap-2 px-3"
      >
        {items.map((item) => (
          // Each a status of its own (aria-live off: the region around it already reads it out once).
          <p
            key={item.id}
            role="status"
            aria-live="off"
            data-testid="action-outcome"
            className={
              "pointer-events-auto flex max-w-xl items-start gap-3 rounded-lg bg-emerald-50 px-4 py-2 " +
              "text-sm text-emerald-900 shadow-lg ring-1 ring-emerald-300"
            }
          >
            <span className="min-w-0 break-words">{item.text}</span>
            <button
              type="button"
              className="shrink-0 rounded px-1 text-emerald-900 hover:bg-emerald-100"
              aria-label={t.dismiss}
              onClick={() => setItems((list) => list.filter((i) => i.id !== item.id))}
            >
              ×
            </button>
          </p>
        ))}
      </div>
    </OutcomeContext>
  );
}
