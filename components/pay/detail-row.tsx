import { CopyButton } from "./copy-button";

export function DetailRow({ label, value, display, copy }: { label: string; value: string; display?: string; copy?: { label: string; copied: string } }) {
  return (
    <div className="flex items-center justify-between gap-3 border-t border-slate-100 py-3 first:border-t-0">
      <div className="min-w-0">
        <dt className="text-xs text-slate-500">{label}</dt>
        <dd className="font-medium break-words text-slate-900">{display ?? value}</dd>
      </div>
      {copy && <CopyButton value={value} label={copy.label} copiedLabel={copy.copied} name={label} />}
    </div>
  );
}
