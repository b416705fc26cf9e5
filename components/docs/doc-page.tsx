/** A documentation page: its table of contents beside the rendered Markdown (ours, so trusted HTML). */
export function DocPage({
  title,
  html,
  toc,
  wide = false,
}: {
  title: string;
  html: string;
  toc: { id: string; title: string }[];
  wide?: boolean;
}) {
  return (
    <div className="mx-auto flex max-w-6xl gap-10 px-4 py-8">
      <aside className="hidden w-56 shrink-0 lg:block">
        <nav aria-label="On this page" className="sticky top-6 flex flex-col gap-2 text-sm">
          {toc.map((entry) => (
            <a key={entry.id} href={`#${entry.id}`} className="text-slate-700 hover:text-brand-700">
              {entry.title}
            </a>
          ))}
        </nav>
      </aside>
      <main className="min-w-0 flex-1">
        <h1 className="mb-6 text-3xl font-semibold tracking-tight">{title}</h1>
        <article className={wide ? "guide overflow-x-auto" : "guide"} dangerouslySetInnerHTML={{ __html: html }} />
      </main>
    </div>
  );
}
