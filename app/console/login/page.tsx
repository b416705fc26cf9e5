import type { Metadata } from "next";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { LanguageSwitcher } from "@/components/console/language-switcher";
import { LoginForm } from "@/components/console/login-form";
import { currentConsoleUser } from "@/lib/edge/auth/console-user";
import { signInCsrfCookieName, signInCsrfToken } from "@/lib/edge/auth/sign-in-csrf";
import { consoleMessages } from "@/lib/edge/i18n/console/server";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await consoleMessages()).titles.signIn };
}

/** What next-auth's callback says when a sign-in posted without scripts fails (`?error=`), for the form. */
const POSTED_ERRORS = [
  "CredentialsSignin",
  "SecondFactorNeeded",
  "WrongSecondFactor",
  "TooManyAttempts",
  "Other",
] as const;
type PostedError = (typeof POSTED_ERRORS)[number];

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ error?: string }> }) {
  if (await currentConsoleUser()) redirect("/console");
  const t = await consoleMessages();
  const csrfToken = signInCsrfToken((await cookies()).get(signInCsrfCookieName())?.value) ?? "";
  const given = (await searchParams).error;
  const postedError = POSTED_ERRORS.find((e): e is PostedError => e === given) ?? (given ? "Other" : undefined);
  return (
    <main className="relative flex min-h-screen items-center justify-center p-4">
      <div className="absolute top-4 right-4">
        <LanguageSwitcher />
      </div>
      <div className="w-full max-w-sm rounded-xl bg-white p-8 shadow-sm ring-1 ring-slate-200">
        <h1 className="mb-1 text-xl font-semibold">{t.login.heading}</h1>
        <p className="mb-6 text-sm text-slate-600">{t.login.intro}</p>
        <LoginForm csrfToken={csrfToken} postedError={postedError} />
      </div>
    </main>
  );
}
