import { TableHead } from "./table-head";

/**
 * The console's data table: a card that scrolls sideways on narrow screens (a tablet), the header row, and
 * a sentence in words in place of the rows when there are none.
 */
export function DataTable({ columns, empty, children, label }: { columns: string[]; empty: React.ReactNode | null; children: React.ReactNode; label?: string }) {
  return (
    <div className="overflow-x-auto rounded-lg bg-white ring-1 ring-slate-200">
      <table className="w-full text-left text-sm" aria-label={label}>
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
