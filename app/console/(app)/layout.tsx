import Link from "next/link";
import { ActionOutcomes } from "@/components/console/action-outcomes";
import { navGroupsFor } from "@/components/console/console-nav";
import { LanguageSwitcher } from "@/components/console/language-switcher";
import { ConsoleBanners } from "@/components/console/shell/console-banners";
import { ConsoleSearchForm } from "@/components/console/shell/console-search-form";
import { NavLinks } from "@/components/console/shell/nav-links";
import { SignOutButton } from "@/components/console/sign-out-button";
import { requireConsoleUser } from "@/lib/edge/auth/console-user";
import { consoleMessages } from "@/lib/edge/i18n/console/server";
import { sandboxInUse } from "@/lib/domain/ops/sandbox-in-use";

/**
 * The grouped sections sit in a sidebar from 1024 px up; below it they fold into a <details> menu button,
 * which opens and closes without JavaScript. Two copies of the same links, one of them always display:none,
 * so neither screen readers nor axe meet both. The search box is in the header of every page ("/" or Ctrl+K
 * reach it), and the banners (test partners in use, a second factor to set up) above every page's content.
 */
export default async function ConsoleLayout({ children }: { children: React.ReactNode }) {
  const [user, t] = await Promise.all([requireConsoleUser(), consoleMessages()]);
  const sandbox = await sandboxInUse(user);
  const groups = navGroupsFor(user.role);
  const words = { groups: t.nav.groups, items: t.nav.items };
  return (
    <div className="min-h-screen">
      <header className="border-b border-slate-200 bg-white">
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
          <Link href="/console" className="font-semibold">
            {t.common.appName}
          </Link>
          <ConsoleSearchForm t={t} />
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
            <span className="min-w-0 break-all text-slate-600" data-testid="console-user">
              {user.email} · {t.roles[user.role]}
            </span>
            <LanguageSwitcher />
            <SignOutButton />
          </div>
        </div>
        <details className="group border-t border-slate-200 lg:hidden" data-testid="console-menu">
          <summary
            className={
              "flex cursor-pointer list-none items-center gap-2 px-4 py-2 text-sm font-medium " +
              "text-slate-800 [&::-webkit-details-marker]:hidden"
            }
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
              <path d="M3 5h14v2H3zm0 4h14v2H3zm0 4h14v2H3z" />
            </svg>
            {t.nav.menu}
          </summary>
          <nav aria-label={t.nav.label} className="px-2 pb-3">
            <NavLinks groups={groups} words={words} idPrefix="menu-group" />
          </nav>
        </details>
        <ConsoleBanners user={user} sandbox={sandbox} t={t} />
      </header>
      <div className="mx-auto flex max-w-[96rem]">
        <aside className="hidden w-56 shrink-0 border-r border-slate-200 bg-white px-2 py-4 lg:block">
          <nav aria-label={t.nav.label} className="sticky top-4">
            <NavLinks groups={groups} words={words} idPrefix="side-group" />
          </nav>
        </aside>
        <main className="min-w-0 flex-1 px-4 py-6">
          <ActionOutcomes>{children}</ActionOutcomes>
        </main>
      </div>
    </div>
  );
}
