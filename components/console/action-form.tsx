"use client";

import { useRouter } from "next/navigation";
import {
  startTransition,
  useActionState,
  useEffect,
  useRef,
  useState,
  useTransition,
  type FormEvent,
  type ReactNode,
} from "react";
import { Button } from "@/components/ui/button";
import { ActionFormState } from "./action-form-state";
import type { ActionState } from "@/lib/edge/auth/action-user";
import { useAnnounceOutcome } from "./action-outcomes";
import { useConsoleText } from "./console-lang";
import { OneTimeSecrets } from "./one-time-secrets";

/** A form bound to a server action: its fields, one submit button, the outcome in words and any new secrets. */
export function ActionForm({
  action,
  submitLabel,
  pendingLabel,
  submitVariant = "primary",
  children,
  className = "",
  refreshAfterMs,
  keepValuesOnError = false,
  confirmText,
  shortcut,
  id,
  announce = false,
}: {
  action: (state: ActionState, form: FormData) => Promise<ActionState>;
  submitLabel: string;
  pendingLabel?: string;
  submitVariant?: "primary" | "secondary" | "danger";
  children?: ReactNode;
  className?: string;
  /** Re-render the page a moment after the outcome, long enough to read it (lists drop handled rows). */
  refreshAfterMs?: number;
  /**
   * Editing forms: a refused submission keeps what was typed so it can be corrected (React resets a form
   * after every action otherwise); a successful one resets to the saved values the page now shows.
   */
  keepValuesOnError?: boolean;
  /** Asked before an action that cannot be undone (a new secret invalidates the integrator's current one). */
  confirmText?: string;
  /** A key that presses the submit button in a keyboard queue (QueueKeys), e.g. "a" to take a withdrawal. */
  shortcut?: string;
  /** The form's id, for fields elsewhere on the page that belong to it (form="..."), e.g. ticked rows. */
  id?: string;
  /**
   * For a form inside a row the action takes out of its list (a withdrawal taken moves to another queue):
   * with scripts its outcome goes to the page's outcome region (ActionOutcomes), which outlives the row.
   */
  announce?: boolean;
}) {
  const t = useConsoleText();
  const [posted, formAction, postPending] = useActionState(action, {});
  const [answered, setAnswered] = useState<ActionState>({});
  const [callPending, startCall] = useTransition();
  const outcomes = useAnnounceOutcome();
  const announcing = announce && outcomes !== null;
  const state = answered.ok || answered.error ? answered : posted;
  const pending = postPending || callPending;
  const router = useRouter();
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!refreshAfterMs || (!state.ok && !state.error)) return;
    const timer = setTimeout(() => router.refresh(), state.ok ? refreshAfterMs : refreshAfterMs * 2);
    return () => clearTimeout(timer);
  }, [state, refreshAfterMs, router]);
  useEffect(() => {
    if (keepValuesOnError && state.ok) formRef.current?.reset();
  }, [state, keepValuesOnError]);
  // A refusal tied to fields takes the operator to the first of them, where its words are.
  useEffect(() => {
    if (state.fields && Object.keys(state.fields).length)
      formRef.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  }, [state]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (confirmText && !window.confirm(confirmText)) return event.preventDefault();
    if (announcing) {
      event.preventDefault();
      const data = new FormData(event.currentTarget);
      startCall(async () => {
        const result = await action(answered, data);
        setAnswered(result);
        if (result.ok) outcomes(result.ok);
      });
      return;
    }
    if (!keepValuesOnError) return;
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    startTransition(() => formAction(data));
  };
  return (
    // noValidate: the action answers a missing or short field in the console's language, not the browser's.
    <form
      ref={formRef}
      action={keepValuesOnError ? undefined : formAction}
      onSubmit={submit}
      noValidate
      id={id}
      className={className}
    >
      <div className="flex flex-wrap items-end gap-3">
        <ActionFormState value={state}>{children}</ActionFormState>
        <Button
          type="submit"
          variant={submitVariant}
          disabled={pending}
          data-shortcut={shortcut}
          aria-keyshortcuts={shortcut}
        >
          {pending ? (pendingLabel ?? t.working) : submitLabel}
        </Button>
      </div>
      {state.error && (
        <p role="alert" className="mt-2 text-sm whitespace-pre-line text-red-700">
          {state.error}
        </p>
      )}
      {state.ok && !(announcing && state === answered) && (
        <p role="status" className="mt-2 text-sm text-emerald-700">
          {state.ok}
        </p>
      )}
      {state.items && state.items.length > 0 && (
        <ul className="mt-2 flex flex-col gap-0.5 text-sm" data-testid="action-items">
          {state.items.map((item, i) => (
            <li key={`${item.label}-${i}`} className={item.done ? "text-emerald-800" : "text-red-700"}>
              <span className="font-mono text-xs">{item.label}</span>: {item.text}
            </li>
          ))}
        </ul>
      )}
      {state.secrets && state.secrets.length > 0 && <OneTimeSecrets secrets={state.secrets} />}
    </form>
  );
}
