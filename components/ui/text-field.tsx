import { useId, type InputHTMLAttributes } from "react";

export function TextField({
  label,
  className = "",
  id: given,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { label: string }) {
  // A given id (for a script that reads the field) keeps the label joined to it.
  const generated = useId();
  const id = given ?? generated;
  return (
    <div className={`flex max-w-full min-w-0 flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        className={
          "max-w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm " +
          "focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none"
        }
        {...props}
      />
    </div>
  );
}
