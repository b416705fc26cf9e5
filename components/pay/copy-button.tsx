"use client";

import { useState } from "react";
import { useScripted } from "@/components/ui/use-scripted";

/**
 * Copies a value; the label changes to confirm, and screen readers hear it. It exists only once scripts run:
 * without them a copy button would do nothing, and the value beside it is selectable text instead.
 */
export function CopyButton({
  value,
  label,
  copiedLabel,
  name,
}: {
  value: string;
  label: string;
  copiedLabel: string;
  name: string;
}) {
  const [copied, setCopied] = useState(false);
  const scripted = useScripted();
  if (!scripted) return null;
  return (
    <button
      type="button"
      aria-label={`${label}: ${name}`}
      onClick={async () => {
        await navigator.clipboard?.writeText(value).catch(() => {});
        setCopied(true);
        setTimeout(() => setCopied(false), 2000);
      }}
      className={
        "min-h-11 shrink-0 rounded-md px-3 text-sm font-medium text-brand-700 ring-1 ring-brand-100 " +
        "hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
      }
    >
      <span aria-live="polite">{copied ? copiedLabel : label}</span>
    </button>
  );
}
