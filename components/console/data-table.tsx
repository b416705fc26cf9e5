import { TableHead } from "./table-head";

/**
 * On phones the rows stack: each row becomes a block whose cells wrap side by side (the header row stays for
 * screen readers only), so every column is on screen instead of off to the right.
 */
export const STACK_ON_PHONE =
  "max-sm:block max-sm:[&_tbody]:block max-sm:[&_tr]:flex max-sm:[&_tr]:flex-wrap max-sm:[&_tr]:items-baseline " +
  "max-sm:[&_tr]:gap-x-2 max-sm:[&_tr]:py-2 max-sm:[&_td]:block max-sm:[&_td]:py-0.5 max-sm:[&_td]:px-2 " +
  "max-sm:[&_td]:text-left max-sm:[&_td]:whitespace-normal max-sm:[&_td]:break-words max-sm:[&_td]:min-w-0 " +
  "max-sm:[&_td]:max-w-full max-sm:[&_th]:whitespace-normal";

/** On phones each row is a card the page lays out itself (its cells placed with max-sm: classes). */
export const CARDS_ON_PHONE = "max-sm:block max-sm:[&_tbody]:block max-sm:[&_td]:block";

/**
 * The console's data table: a card that scrolls sideways on a tablet and stacks its rows on a phone (or, with
 * `phone="cards"`, leaves each row's card layout to the page), the header row, and a sentence in words in
 * place of the rows when there are none.
 */
export function DataTable({
  columns,
  empty,
  children,
  label,
  phone = "stack",
}: {
  columns: string[];
  empty: React.ReactNode | null;
  children: React.ReactNode;
  label?: string;
  phone?: "stack" | "cards";
}) {
  return (
    // Focusable: when the table is wider than the page, keyboard users scroll it too (axe scrollable-region-focusable).
    <div
      tabIndex={0}
      className={
        "overflow-x-auto rounded-lg bg-white ring-1 ring-slate-200 focus-visible:outline-2 " +
        "focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      }
    >
      <table
        className={`w-full text-left text-sm ${phone === "cards" ? CARDS_ON_PHONE : STACK_ON_PHONE}`}
        aria-label={label}
      >
        <TableHead columns={columns} />
        <tbody>
          {empty !== null && (
            <tr>
              <td colSpan={columns.length} className="px-3 py-6 text-center text-slate-600">
                {empty}
              </td>
            </tr>
          )}
          {children}
        </tbody>
      </table>
    </div>
  );
}
