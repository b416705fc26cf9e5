import Link from "next/link";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { SearchableSelectField } from "@/components/console/searchable-select";
import type { Choice } from "@/lib/domain/explorer/choices";
import type { LedgerQueryProblem } from "@/lib/domain/schemas/ledger-filters";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";

/**
 * The Balances and Statements pages' plain GET form: a provider and a dealer from the viewer's pairs
 * (lib/domain/explorer/choices.ts) and the page's own day fields, so the view lives in the URL, can be
 * shared, and the export link carries it. A side with one choice (the viewer's own) is not offered.
 */
export function PairFilters({
  providers,
  dealers,
  values,
  clearHref,
  optional,
  t,
  children,
}: {
  providers: Choice[];
  dealers: Choice[];
  values: { providerId?: number; dealerId?: number };
  clearHref: string;
  /** Balances: any provider or dealer; Statements: one of each is chosen. */
  optional: boolean;
  t: ConsoleMessages;
  children: ReactNode;
}) {
  const first = { value: "", label: optional ? t.common.any : t.common.choose };
  const options = (list: Choice[]) => [first, ...list.map((c) => ({ value: String(c.id), label: c.name }))];
  const side = (name: "providerId" | "dealerId", label: string, list: Choice[]) =>
    list.length === 1 ? (
      <input type="hidden" name={name} value={list[0]!.id} />
    ) : (
      <SearchableSelectField
        label={label}
        name={name}
        defaultValue={String(values[name] ?? "")}
        options={options(list)}
      />
    );
  return (
    <form
      method="get"
      aria-label={t.ledger.filters.label}
      className="flex flex-wrap items-end gap-3 rounded-lg bg-white p-4 ring-1 ring-slate-200"
    >
      {side("providerId", t.common.provider, providers)}
      {side("dealerId", t.common.dealer, dealers)}
      {children}
      <div className="flex items-center gap-3">
        <Button type="submit" variant="secondary">
          {t.ledger.filters.show}
        </Button>
        <Link href={clearHref} className="text-sm text-slate-600 hover:text-slate-900">
          {t.common.clear}
        </Link>
      </div>
    </form>
  );
}

/** What the page's query could not use, in words: a day or time that was not understood, a range cut short. */
export function QueryProblems({ problems, t }: { problems: LedgerQueryProblem[]; t: ConsoleMessages }) {
  if (problems.length === 0) return null;
  const f = t.ledger.filters;
  const label = { day: f.day, time: f.time, from: t.common.from, to: t.common.to };
  return (
    <div role="alert" className="rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
      {problems.map((p) => {
        const text =
          p.kind === "unreadable"
            ? f.unreadable(label[p.field], p.given)
            : p.kind === "range"
              ? f.range(p.days)
              : f.reversed;
        return <p key={text}>{text}</p>;
      })}
    </div>
  );
}
