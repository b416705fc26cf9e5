import Link from "next/link";
import { DATE_PRESETS, presetRange } from "@/lib/edge/console/date-presets";
import { filtersQuery } from "@/lib/edge/console/query-string";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";

/**
 * Links that set the From and To days of a filtered list (today, yesterday, the last 7 days, this month),
 * keeping its other filters: plain links, so they work without scripts. The one in force is marked.
 */
const CURRENT_PRESET = "bg-brand-600 text-white ring-brand-600";
const OTHER_PRESET = "text-slate-800 ring-slate-300 hover:bg-slate-50";

export function DateRangePresets({
  path,
  params,
  t,
}: {
  path: string;
  params: Record<string, unknown>;
  t: ConsoleMessages;
}) {
  const kept = Object.fromEntries(
    Object.entries(params).filter(
      ([key, value]) =>
        key !== "page" && key !== "from" && key !== "to" && (typeof value === "string" || typeof value === "number"),
    ),
  ) as Record<string, string | number>;
  return (
    <nav aria-label={t.common.presets.label} className="flex w-full flex-wrap items-center gap-2 text-sm">
      <span className="text-slate-600">{t.common.presets.label}:</span>
      {DATE_PRESETS.map((preset) => {
        const range = presetRange(preset);
        const current = params.from === range.from && params.to === range.to;
        return (
          <Link
            key={preset}
            href={`${path}${filtersQuery(kept, range)}`}
            aria-current={current ? "true" : undefined}
            className={`rounded-full px-3 py-1 ring-1 ${current ? CURRENT_PRESET : OTHER_PRESET}`}
          >
            {t.common.presets[preset]}
          </Link>
        );
      })}
    </nav>
  );
}
