import type { ReactNode } from "react";

export type FigureTable = { caption: string; columns: string[]; rows: (string | number)[][] };

/**
 * A dashboard panel: a region named by its heading, the chart, and the chart's figures as a table that
 * only screen readers get (the chart itself is hidden from them; an svg of bars says nothing).
 */
export function ChartPanel({
  id,
  title,
  description,
  table,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  table: FigureTable;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid={`panel-${id}`}
      className="flex min-w-0 flex-col gap-3 rounded-lg bg-white p-4 ring-1 ring-slate-200"
    >
      <div>
        <h2 id={`${id}-title`} className="font-medium">
          {title}
        </h2>
        {description && <div className="mt-0.5 text-sm text-slate-600">{description}</div>}
      </div>
      {children}
      {/* sr-only on a wrapper, not the table: a table grows to its content whatever its width, and a wide
          absolutely placed one made the whole page scroll sideways on phones. */}
      <div className="sr-only">
        <table>
          <caption>{table.caption}</caption>
          <thead>
            <tr>
              {table.columns.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row) => (
              <tr key={String(row[0])}>
                {row.map((cell, i) =>
                  i === 0 ? (
                    <th key={i} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={i}>{cell}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
