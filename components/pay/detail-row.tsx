import { CopyButton } from "./copy-button";

// A <dl> group may hold only <dt> and <dd>, so the copy button lives inside the <dd>, beside the value.
export function DetailRow({
  label,
  value,
  display,
  copy,
}: {
  label: string;
  value: string;
  display?: string;
  copy?: { label: string; copied: string };
}) {
  return (
    <div className="border-t border-slate-100 py-3 first:border-t-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="flex items-center justify-between gap-3">
        <span className="min-w-0 font-medium break-words text-slate-900 select-all">{display ?? value}</span>
        {copy && <CopyButton value={value} label={copy.label} copiedLabel={copy.copied} name={label} />}
      </dd>
    </div>
  );
}
