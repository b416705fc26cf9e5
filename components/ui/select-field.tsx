import { useId, type SelectHTMLAttributes } from "react";

export function SelectField({
  label,
  options,
  className = "",
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & { label: string; options: { value: string; label: string }[] }) {
  const id = useId();
  return (
    <div className={`flex max-w-full min-w-0 flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={id}
        className={
          "max-w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm " +
          "focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none"
        }
        {...props}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
