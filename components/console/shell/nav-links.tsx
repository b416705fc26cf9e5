"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import type { NavGroup } from "@/components/console/console-nav";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";

/** True when the page is the section or one of its detail pages ("/console" only for itself). */
const CURRENT_LINK = "bg-slate-800 font-medium text-white";
const OTHER_LINK = "text-slate-700 hover:bg-slate-100 hover:text-slate-900";

function isCurrent(pathname: string, href: string): boolean {
  return href === "/console" ? pathname === href : pathname === href || pathname.startsWith(`${href}/`);
}

/**
 * The grouped section links, shared by the phone menu and the desktop sidebar. A client component only to
 * mark the open section (aria-current); the server renders the same links, so it works without JavaScript.
 */
export function NavLinks({
  groups,
  words,
  idPrefix,
}: {
  groups: NavGroup[];
  words: Pick<ConsoleMessages["nav"], "groups" | "items">;
  idPrefix: string;
}) {
  const pathname = usePathname();
  return (
    <div className="flex flex-col gap-4">
      {groups.map((group) => (
        <div key={group.key} role="group" aria-labelledby={`${idPrefix}-${group.key}`}>
          <p
            id={`${idPrefix}-${group.key}`}
            className="mb-1 px-2 text-xs font-semibold tracking-wide text-slate-500 uppercase"
          >
            {words.groups[group.key]}
          </p>
          <ul className="flex flex-col gap-0.5">
            {group.items.map((item) => {
              const current = isCurrent(pathname, item.href);
              return (
                <li key={item.href}>
                  <Link
                    href={item.href}
                    aria-current={current ? "page" : undefined}
                    className={`block rounded-md px-2 py-1.5 text-sm ${current ? CURRENT_LINK : OTHER_LINK}`}
                  >
                    {words.items[item.key]}
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </div>
  );
}
