import type { Metadata } from "next";
import { renderMarkdown } from "@/lib/docs/render-guide";
import { renderLifecycleDoc } from "@/lib/payment-methods/render-lifecycle";

export const metadata: Metadata = { title: "Transaction lifecycles" };

/** The lifecycle of every payment method, rendered from the same table the service enforces. */
export default async function LifecyclePage() {
  const { html, toc } = await renderMarkdown(renderLifecycleDoc());
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
        <h1 className="mb-6 text-3xl font-semibold tracking-tight">Transaction lifecycles</h1>
        <article className="guide overflow-x-auto" dangerouslySetInnerHTML={{ __html: html }} />
      </main>
    </div>
  );
}
