import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { LoginForm } from "@/components/console/login-form";
import { currentConsoleUser } from "@/lib/auth/console-user";

export const metadata: Metadata = { title: "Sign in" };

export default async function LoginPage() {
  if (await currentConsoleUser()) redirect("/console");
  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <div className="w-full max-w-sm rounded-xl bg-white p-8 shadow-sm ring-1 ring-slate-200">
        <h1 className="mb-1 text-xl font-semibold">Console sign in</h1>
        <p className="mb-6 text-sm text-slate-600">Admins, dealer staff and provider viewers.</p>
        <LoginForm />
      </div>
    </main>
  );
}
