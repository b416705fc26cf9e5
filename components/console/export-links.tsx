import { filtersQuery } from "@/lib/edge/console/query-string";
import { SPREADSHEET_FORMAT } from "@/lib/edge/console/spreadsheet-formats";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";

const LINK = "font-medium text-brand-700 underline-offset-2 hover:underline";

/**
 * An export's two downloads: the machine CSV (raw values, for scripts) and the Turkish-Excel variant (`;`,
 * decimal commas, worded columns). Plain links: the browser downloads the file; no client code needed.
 */
export function ExportLinks({
  path,
  query,
  csvLabel,
  t,
}: {
  path: string;
  query: Record<string, string | number | undefined>;
  csvLabel: string;
  t: ConsoleMessages;
}) {
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-4 gap-y-1 text-sm">
      <a href={`${path}${filtersQuery(query)}`} download className={LINK}>
        {csvLabel}
      </a>
      <a
        href={`${path}${filtersQuery(query, { format: SPREADSHEET_FORMAT })}`}
        download
        title={t.spreadsheet.hint}
        className={LINK}
        data-testid="export-spreadsheet"
      >
        {t.spreadsheet.link}
      </a>
    </span>
  );
}
