import type { InputHTMLAttributes } from "react";

export function CheckboxField({
  label,
  className = "",
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & { label: string }) {
  return (
    <label className={`flex items-center gap-2 pb-2 text-sm ${className}`}>
      <input type="checkbox" className="size-4 rounded border-slate-300" {...props} /> {label}
    </label>
  );
}
