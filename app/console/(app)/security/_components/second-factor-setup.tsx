"use client";

import Link from "next/link";
import { startTransition, useActionState, useState, type FormEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { useConsoleText } from "@/components/console/console-lang";
import type { ActionState } from "@/lib/edge/auth/action-user";

type Words = {
  off: string;
  heading: string;
  confirmed: string;
  code: string;
  confirm: string;
  recoveryCodes: string;
  recoveryIntro: string;
  copyCodes: string;
  signInAgain: string;
};

/**
 * The set-up's last step: the code from the app turns the second factor on. Once it is on, the page says so
 * in place of the QR code and the key (which no longer matter), and shows the recovery codes this once, each
 * on a line of its own; this session has ended, so the way on is to sign in again.
 */
export function SecondFactorSetup({
  action,
  words,
  children,
}: {
  action: (state: ActionState, form: FormData) => Promise<ActionState>;
  words: Words;
  children: ReactNode;
}) {
  const t = useConsoleText();
  const [state, formAction, pending] = useActionState(action, {});
  // A wrong code keeps the form as typed (React resets a form after its action otherwise).
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    startTransition(() => formAction(data));
  };
  const codes = state.secrets?.[0]?.value.split(/\s+/).filter(Boolean) ?? [];
  const [copied, setCopied] = useState(false);
  if (state.ok) {
    return (
      <section aria-labelledby="second-factor-on" className="flex flex-col gap-3" data-testid="second-factor-on">
        <h2 id="second-factor-on" className="font-medium text-emerald-800">
          {words.heading}
        </h2>
        <p role="status" className="text-sm">
          {words.confirmed}
        </p>
        {codes.length > 0 && (
          <section
            aria-label={words.recoveryCodes}
            className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm"
          >
            <p className="text-amber-900">{words.recoveryIntro}</p>
            <ol className="grid grid-cols-[repeat(auto-fill,minmax(9rem,1fr))] gap-2 font-mono">
              {codes.map((code) => (
                <li
                  key={code}
                  className="rounded bg-white px-2 py-1 text-center whitespace-nowrap ring-1 ring-amber-200"
                  data-testid="recovery-code"
                >
                  {code}
                </li>
              ))}
            </ol>
            <div>
              <Button
                type="button"
                variant="secondary"
                className="px-3 py-1"
                onClick={() =>
                  navigator.clipboard.writeText(codes.join("\n")).then(
                    () => setCopied(true),
                    () => setCopied(false),
                  )
                }
              >
                {copied ? t.copied : words.copyCodes}
              </Button>
            </div>
          </section>
        )}
        <p>
          <Link href="/console/login" className="font-medium text-brand-700 underline underline-offset-2">
            {words.signInAgain}
          </Link>
        </p>
      </section>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <h2 className="font-medium">{words.off}</h2>
      {children}
      <form action={formAction} onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3">
        <TextField
          label={words.code}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          className="w-56"
        />
        <Button type="submit" disabled={pending}>
          {pending ? t.working : words.confirm}
        </Button>
      </form>
      {state.error && (
        <p role="alert" className="text-sm text-red-700">
          {state.error}
        </p>
      )}
    </div>
  );
}
