import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { LanguageSwitcher } from "@/components/console/language-switcher";
import { LoginForm } from "@/components/console/login-form";
import { currentConsoleUser } from "@/lib/edge/auth/console-user";
import { consoleMessages } from "@/lib/edge/i18n/console/server";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await consoleMessages()).titles.signIn };
}

export default async function LoginPage() {
  if (await currentConsoleUser()) redirect("/console");
  const t = await consoleMessages();
  return (
    <main className="relative flex min-h-screen items-center justify-center p-4">
      <div className="absolute top-4 right-4">
        <LanguageSwitcher />
      </div>
      <div className="w-full max-w-sm rounded-xl bg-white p-8 shadow-sm ring-1 ring-slate-200">
        <h1 className="mb-1 text-xl font-semibold">{t.login.heading}</h1>
        <p className="mb-6 text-sm text-slate-600">{t.login.intro}</p>
        <LoginForm />
      </div>
    </main>
  );
}
