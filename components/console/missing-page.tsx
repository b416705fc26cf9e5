import Link from "next/link";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";

/** The console's not-found and no-access pages: what happened, in the operator's language, and the way on. */
export function MissingPage({ title, body, t }: { title: string; body: string; t: ConsoleMessages }) {
  return (
    <div className="flex max-w-xl flex-col gap-4">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="text-slate-700">{body}</p>
      <p className="flex flex-wrap gap-4 text-sm">
        <Link href="/console" className="font-medium text-brand-700 underline-offset-2 hover:underline">
          {t.missing.backToOverview}
        </Link>
        <Link href="/console/transactions" className="font-medium text-brand-700 underline-offset-2 hover:underline">
          {t.missing.transactions}
        </Link>
      </p>
    </div>
  );
}
