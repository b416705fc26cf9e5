import Link from "next/link";
import { consoleMessages } from "@/lib/edge/i18n/console/server";

/** Newer/older links of a paginated console list; `href` builds the link of a page with the same filters. */
export async function Pager({ page, pages, href, labels }: { page: number; pages: number; href: (page: number) => string; labels?: { previous: string; next: string } }) {
  if (pages <= 1) return null;
  const t = (await consoleMessages()).common;
  return (
    <nav aria-label={t.pages} className="flex items-center gap-3 text-sm">
      {page > 1 && (
        <Link href={href(page - 1)} className="inline-flex min-h-10 items-center">
          {labels?.previous ?? t.newer}
        </Link>
      )}
      <span>{t.pageOf(Math.min(page, pages), pages)}</span>
      {page < pages && (
        <Link href={href(page + 1)} className="inline-flex min-h-10 items-center">
          {labels?.next ?? t.older}
        </Link>
      )}
    </nav>
  );
}
