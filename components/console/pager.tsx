import Link from "next/link";

/** Newer/older links of a paginated console list; `href` builds the link of a page with the same filters. */
export function Pager({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="flex items-center gap-3 text-sm">
      {page > 1 && <Link href={href(page - 1)}>← Newer</Link>}
      <span>
        Page {Math.min(page, pages)} of {pages}
      </span>
      {page < pages && <Link href={href(page + 1)}>Older →</Link>}
    </nav>
  );
}
