import Link from "next/link";
import { navFor } from "@/components/console/console-nav";
import { SignOutButton } from "@/components/console/sign-out-button";
import { requireConsoleUser } from "@/lib/auth/console-user";

const ROLE_LABEL = { ADMIN: "Admin", DEALER: "Dealer staff", PROVIDER: "Provider viewer" } as const;

export default async function ConsoleLayout({ children }: { children: React.ReactNode }) {
  const user = await requireConsoleUser();
  return (
    <div className="min-h-screen">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-4 px-4 py-3">
          <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
            <Link href="/console" className="font-semibold">
              Payment console
            </Link>
            <nav aria-label="Console" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
              {navFor(user.role).map((item) => (
                <Link key={item.href} href={item.href} className="whitespace-nowrap text-slate-600 hover:text-slate-900">
                  {item.label}
                </Link>
              ))}
            </nav>
          </div>
          <div className="flex items-center gap-4 text-sm">
            <span className="text-slate-600" data-testid="console-user">
              {user.email} · {ROLE_LABEL[user.role]}
            </span>
            <SignOutButton />
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-6">{children}</main>
    </div>
  );
}
