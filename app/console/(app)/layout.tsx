import Link from "next/link";
import { navFor } from "@/components/console/console-nav";
import { LanguageSwitcher } from "@/components/console/language-switcher";
import { SignOutButton } from "@/components/console/sign-out-button";
import { requireConsoleUser } from "@/lib/edge/auth/console-user";
import { consoleMessages } from "@/lib/edge/i18n/console/server";

export default async function ConsoleLayout({ children }: { children: React.ReactNode }) {
  const [user, t] = await Promise.all([requireConsoleUser(), consoleMessages()]);
  return (
    <div className="min-h-screen">
      <header className="border-b border-slate-200 bg-white">
        {/* Wraps rather than scrolls sideways: the nav outgrows a tablet's width (more so in Turkish). */}
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
          <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
            <Link href="/console" className="font-semibold">
              {t.common.appName}
            </Link>
            <nav aria-label={t.nav.label} className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
              {navFor(user.role).map((item) => (
                <Link key={item.href} href={item.href} className="whitespace-nowrap text-slate-600 hover:text-slate-900">
                  {t.nav.items[item.key]}
                </Link>
              ))}
            </nav>
          </div>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
            <span className="text-slate-600" data-testid="console-user">
              {user.email} · {t.roles[user.role]}
            </span>
            <LanguageSwitcher />
            <SignOutButton />
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-6">{children}</main>
    </div>
  );
}
