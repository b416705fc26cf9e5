/** A labelled value in a console detail card (a <dl> grid). */
export function DetailField({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-slate-500 uppercase">{label}</dt>
      <dd className="mt-0.5 break-words">{children ?? "—"}</dd>
    </div>
  );
}

/** A titled card of fields. */
export function DetailCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-label={title} className="rounded-lg bg-white ring-1 ring-slate-200">
      <h2 className="border-b border-slate-200 px-4 py-3 font-medium">{title}</h2>
      <dl className="grid grid-cols-2 gap-4 p-4 text-sm md:grid-cols-4">{children}</dl>
    </section>
  );
}
