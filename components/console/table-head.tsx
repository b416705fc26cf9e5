/** The header row of the console's data tables. */
export function TableHead({ columns }: { columns: string[] }) {
  return (
    <thead className="text-slate-600 max-sm:sr-only">
      <tr>
        {columns.map((column, i) => (
          <th key={`${column}-${i}`} scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}
