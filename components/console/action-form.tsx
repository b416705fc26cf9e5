"use client";

import { useRouter } from "next/navigation";
import { useActionState, useEffect, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import type { ActionState } from "@/lib/auth/action-user";

/** A form bound to a server action: its fields, one submit button, and the outcome in words. */
export function ActionForm({
  action,
  submitLabel,
  pendingLabel = "Working…",
  children,
  className = "",
  refreshAfterMs,
}: {
  action: (state: ActionState, form: FormData) => Promise<ActionState>;
  submitLabel: string;
  pendingLabel?: string;
  children?: ReactNode;
  className?: string;
  /** Re-render the page a moment after the outcome, long enough to read it (lists drop handled rows). */
  refreshAfterMs?: number;
}) {
  const [state, formAction, pending] = useActionState(action, {});
  const router = useRouter();
  useEffect(() => {
    if (!refreshAfterMs || (!state.ok && !state.error)) return;
    const timer = setTimeout(() => router.refresh(), state.ok ? refreshAfterMs : refreshAfterMs * 2);
    return () => clearTimeout(timer);
  }, [state, refreshAfterMs, router]);
  return (
    <form action={formAction} className={className}>
      <div className="flex flex-wrap items-end gap-3">
        {children}
        <Button type="submit" disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </div>
      {state.error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {state.error}
        </p>
      )}
      {state.ok && (
        <p role="status" className="mt-2 text-sm text-emerald-700">
          {state.ok}
        </p>
      )}
    </form>
  );
}
