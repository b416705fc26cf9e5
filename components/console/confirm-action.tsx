"use client";

import { useRouter } from "next/navigation";
import { useActionState, useEffect, useRef, useState, useTransition, type FormEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import type { ActionState } from "@/lib/edge/auth/action-user";
import { useAnnounceOutcome } from "./action-outcomes";
import { useConsoleText } from "./console-lang";

type Variant = "primary" | "secondary" | "danger";

/**
 * A money action behind a confirmation that says what will happen ("Refund 999,90 TL to Ayşe Yılmaz?").
 * The trigger opens a popover dialog by HTML alone (popovertarget), and the dialog's form posts to the
 * server action, so both work before any script loads; the page then comes back with the outcome beside the
 * trigger (if its row is still listed) and every list in its new state.
 *
 * With scripts the form calls the action itself: the action revalidates the console (consoleAction), so the
 * decided row leaves its queue and the counters change in the same answer, and the outcome is handed to
 * the page's outcome region (ActionOutcomes), which outlives the row. A refusal stays in the dialog, and the
 * page is read again a moment later: a row someone else decided meanwhile then shows its new state.
 * `children` is the dialog's form content, or a function of what the operator typed (a refund's amount).
 */
export function ConfirmAction({
  id,
  trigger,
  title,
  details,
  confirmLabel,
  action,
  variant = "primary",
  triggerVariant,
  shortcut,
  children,
  refreshAfterMs = 2500,
}: {
  id: string;
  trigger: string;
  title: ReactNode;
  details?: ReactNode;
  confirmLabel: ReactNode;
  action: (state: ActionState, form: FormData) => Promise<ActionState>;
  variant?: Variant;
  /** The button that opens the dialog, when it should be quieter than the confirmation (a secondary action). */
  triggerVariant?: Variant;
  /** A key that opens this dialog from its queue row (see QueueKeys). */
  shortcut?: string;
  /** The form's fields: hidden ids, the reason, an amount. */
  children?: ReactNode;
  refreshAfterMs?: number;
}) {
  const t = useConsoleText();
  // Without scripts: the form posts, and the page comes back with this state.
  const [posted, formAction] = useActionState(action, {});
  const [answered, setAnswered] = useState<ActionState>({});
  const [pending, startPending] = useTransition();
  const announce = useAnnounceOutcome();
  const dialog = useRef<HTMLDivElement>(null);
  const router = useRouter();
  useEffect(() => {
    if (!answered.error) return;
    const timer = setTimeout(() => router.refresh(), refreshAfterMs);
    return () => clearTimeout(timer);
  }, [answered, refreshAfterMs, router]);
  useEffect(() => {
    const node = dialog.current;
    if (!node) return;
    // Opening puts the caret where the operator acts first: the reason or amount, else the confirm button.
    const onToggle = (event: Event) => {
      if ((event as ToggleEvent).newState !== "open") return;
      node.querySelector<HTMLElement>("input:not([type=hidden]), textarea, select, button[type=submit]")?.focus();
    };
    node.addEventListener("toggle", onToggle);
    return () => node.removeEventListener("toggle", onToggle);
  }, []);
  // A refused confirmation keeps what was typed (React resets a form after its action otherwise), so the
  // operator adds the missing reason instead of typing the amount again.
  // A confirmed one is done: the dialog opens empty next time (a second refund in the same page once offered the
  // first one's amount and reason).
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    startPending(async () => {
      const result = await action(answered, data);
      setAnswered(result);
      if (result.ok) {
        form.reset();
        dialog.current?.hidePopover?.();
        announce?.(result.ok);
      }
    });
  };
  const state = answered.ok || answered.error ? answered : posted;
  // Announced outcomes are shown by the page's outcome region; without one (or without scripts), here.
  const okHere = state.ok && !(announce && state === answered);
  const titleId = `${id}-title`;
  return (
    <div className="flex flex-col gap-1">
      <Button
        type="button"
        variant={triggerVariant ?? variant}
        popoverTarget={id}
        data-shortcut={shortcut}
        aria-keyshortcuts={shortcut}
      >
        {trigger}
      </Button>
      <div
        ref={dialog}
        id={id}
        popover="auto"
        role="dialog"
        aria-labelledby={titleId}
        className={
          "fixed inset-0 m-auto h-fit max-h-[90vh] w-[min(30rem,calc(100vw-2rem))] overflow-y-auto " +
          "rounded-xl bg-white p-5 text-slate-900 shadow-2xl ring-1 ring-slate-300 backdrop:bg-slate-900/50"
        }
      >
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        {details && <div className="mt-2 text-sm text-slate-700">{details}</div>}
        {/* noValidate: the action answers a missing or short field in the console's language; the browser's own
           bubble would speak the browser's. */}
        <form action={formAction} onSubmit={submit} noValidate className="mt-4 flex flex-col gap-3">
          {children}
          {state.error && (
            <p role="alert" className="text-sm whitespace-pre-line text-red-700">
              {state.error}
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-3">
            <Button type="button" variant="secondary" popoverTarget={id} popoverTargetAction="hide">
              {t.confirm.back}
            </Button>
            <Button type="submit" variant={variant === "danger" ? "danger" : "primary"} disabled={pending}>
              {pending ? t.working : confirmLabel}
            </Button>
          </div>
        </form>
      </div>
      {okHere && (
        <p role="status" className="text-sm text-emerald-700">
          {state.ok}
        </p>
      )}
      {/* Not an alert again: the dialog announced it; this copy stays readable once the dialog is closed. */}
      {state.error && <p className="text-sm whitespace-pre-line text-red-700">{state.error}</p>}
    </div>
  );
}
