"use client";

import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { useConsoleText } from "./console-lang";

type PostedError = "CredentialsSignin" | "SecondFactorNeeded" | "WrongSecondFactor" | "TooManyAttempts" | "Other";

/**
 * Posts to next-auth's credentials callback, so it signs in before (or without) scripts too: the password
 * goes in the body, never the URL. Once scripts run, the same fields go through signIn() without leaving
 * the page. `postedError` is what the callback said of a sign-in posted without scripts.
 */
export function LoginForm({ csrfToken, postedError }: { csrfToken: string; postedError?: PostedError }) {
  const t = useConsoleText().login;
  const router = useRouter();
  const postedWords: Record<PostedError, string> = {
    CredentialsSignin: t.wrongCredentials,
    SecondFactorNeeded: t.codeNeeded,
    WrongSecondFactor: t.wrongCode,
    TooManyAttempts: t.tooManyAttempts,
    Other: t.signInFailed,
  };
  const [error, setError] = useState<string | null>(postedError ? postedWords[postedError] : null);
  const [pending, setPending] = useState(false);
  // Shown once the server says this account signs in with a second factor (after a right password).
  const [askCode, setAskCode] = useState(postedError === "SecondFactorNeeded" || postedError === "WrongSecondFactor");

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    const result = await signIn("credentials", {
      email: form.get("email"),
      password: form.get("password"),
      code: form.get("code") ?? "",
      redirect: false,
    });
    setPending(false);
    if (result?.ok) {
      router.replace("/console");
      router.refresh();
    } else if (result?.error === "SecondFactorNeeded") {
      setAskCode(true);
      setError(t.codeNeeded);
    } else if (result?.error === "WrongSecondFactor") {
      setError(t.wrongCode);
    } else if (result?.error === "TooManyAttempts") {
      setError(t.tooManyAttempts);
    } else {
      setError(t.wrongCredentials);
    }
  }

  return (
    <form
      method="post"
      action="/api/auth/callback/credentials"
      onSubmit={onSubmit}
      className="flex flex-col gap-4"
      noValidate
    >
      <input type="hidden" name="csrfToken" value={csrfToken} />
      <input type="hidden" name="callbackUrl" value="/console" />
      <TextField label={t.email} name="email" type="email" autoComplete="username" required />
      <TextField label={t.password} name="password" type="password" autoComplete="current-password" required />
      {askCode && (
        <TextField label={t.code} name="code" inputMode="numeric" autoComplete="one-time-code" autoFocus required />
      )}
      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <Button type="submit" disabled={pending}>
        {pending ? t.signingIn : t.signIn}
      </Button>
    </form>
  );
}
