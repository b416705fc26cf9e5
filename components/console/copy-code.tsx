"use client";

import { useState, type ReactNode } from "react";
import { useScripted } from "@/components/ui/use-scripted";
import { useConsoleText } from "./console-lang";

/**
 * A code people quote (a tracking code, an order id) on one line, with a small button that copies it. The code
 * itself (a link, or text) never wraps; the button exists once scripts run (the code stays selectable without).
 */
export function CopyCode({ value, children }: { value: string; children?: ReactNode }) {
  const t = useConsoleText();
  const scripted = useScripted();
  const [copied, setCopied] = useState(false);
  return (
    <span className="inline-flex items-center gap-1 font-mono text-xs whitespace-nowrap">
      {children ?? value}
      {scripted && (
        <button
          type="button"
          aria-label={t.copyLabel(value)}
          title={t.copyLabel(value)}
          onClick={() =>
            navigator.clipboard?.writeText(value).then(
              () => {
                setCopied(true);
                setTimeout(() => setCopied(false), 1500);
              },
              () => setCopied(false),
            )
          }
          className={
            "rounded px-1 font-sans text-[11px] leading-5 text-slate-600 ring-1 ring-slate-200 hover:bg-slate-50 " +
            "focus-visible:outline-2 focus-visible:outline-brand-600"
          }
        >
          <span aria-live="polite">{copied ? t.copied : t.copy}</span>
        </button>
      )}
    </span>
  );
}
