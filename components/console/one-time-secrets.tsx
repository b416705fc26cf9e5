"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useConsoleText } from "./console-lang";

function CopyButton({ value, label }: { value: string; label: string }) {
  const t = useConsoleText();
  const [copied, setCopied] = useState(false);
  return (
    <Button
      type="button"
      variant="secondary"
      className="px-3 py-1"
      aria-label={t.copyLabel(label)}
      onClick={() =>
        navigator.clipboard.writeText(value).then(
          () => setCopied(true),
          () => setCopied(false),
        )
      }
    >
      {copied ? t.copied : t.copy}
    </Button>
  );
}

/**
 * New keys right after they are issued. They live only in this response's client state: a reload or
 * navigation drops them and the server keeps no readable copy for display.
 */
export function OneTimeSecrets({ secrets }: { secrets: { label: string; value: string }[] }) {
  const t = useConsoleText();
  return (
    <section
      role="region"
      aria-label={t.newSecrets}
      className="mt-3 flex flex-col gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm"
    >
      <p className="font-medium text-amber-900">{t.copyNow}</p>
      <dl className="flex flex-col gap-2">
        {secrets.map((s) => (
          <div key={s.label} className="flex flex-wrap items-center gap-2">
            <dt className="w-40 text-slate-700">{s.label}</dt>
            <dd className="flex flex-wrap items-center gap-2">
              <code
                data-testid="one-time-secret"
                className="rounded bg-white px-2 py-1 font-mono text-xs break-all ring-1 ring-amber-200"
              >
                {s.value}
              </code>
              <CopyButton value={s.value} label={s.label} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
