import Link from "next/link";
import { consoleMessages } from "@/lib/edge/i18n/console/server";

/** Newer/older links of a paginated console list; `href` builds the link of a page with the same filters. */
export async function Pager({
  page,
  pages,
  capped = false,
  href,
  labels,
}: {
  page: number;
  pages: number;
  /** The count stopped at its cap: there are at least `pages` pages, and always a next link. */
  capped?: boolean;
  href: (page: number) => string;
  labels?: { previous: string; next: string };
}) {
  if (pages <= 1 && !capped) return null;
  const t = (await consoleMessages()).common;
  return (
    <nav aria-label={t.pages} className="flex items-center gap-3 text-sm">
      {page > 1 && (
        <Link href={href(page - 1)} className="inline-flex min-h-10 items-center">
          {labels?.previous ?? t.newer}
        </Link>
      )}
      <span>{capped ? t.pageOfAtLeast(page, pages) : t.pageOf(Math.min(page, pages), pages)}</span>
      {(page < pages || capped) && (
        <Link href={href(page + 1)} className="inline-flex min-h-10 items-center">
          {labels?.next ?? t.older}
        </Link>
      )}
    </nav>
  );
}
