const TONES = {
  success: "bg-emerald-50 text-emerald-900 ring-emerald-200",
  neutral: "bg-slate-100 text-slate-900 ring-slate-200",
  warning: "bg-amber-50 text-amber-900 ring-amber-200",
  error: "bg-red-50 text-red-900 ring-red-200",
} as const;

export function StatusCard({ tone, title, body }: { tone: keyof typeof TONES; title: string; body: string }) {
  return (
    <section role="status" aria-live="polite" className={`rounded-xl p-5 ring-1 ${TONES[tone]}`}>
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="mt-1 text-sm">{body}</p>
    </section>
  );
}
