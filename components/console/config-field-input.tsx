"use client";

import { useId } from "react";
import type { ConfigInput } from "@/lib/integrations/connectors/config-fields";
import { useFieldError } from "./action-form-state";

const BOX =
  "max-w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm " +
  "focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none aria-invalid:border-red-600";

/**
 * One key of a connector's configuration as the schema asks for it: a toggle for true/false, a list for a fixed
 * choice, a number field, or text (a password field for a secret). Its label is the key in words, and a refusal of
 * this key is shown under it and read with it (aria-describedby), not only at the foot of the form.
 */
export function ConfigFieldInput({
  fieldKey,
  label,
  input,
  secret,
  value,
  placeholder,
  title,
  notSet,
}: {
  fieldKey: string;
  label: string;
  input: ConfigInput;
  secret: boolean;
  /** What is stored (not for secrets): the field starts from it. */
  value?: unknown;
  placeholder?: string;
  title?: string;
  /** The words of an optional choice left unset. */
  notSet: string;
}) {
  const id = useId();
  const error = useFieldError(fieldKey);
  const name = `config.${fieldKey}`;
  const described = error ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {};
  const message = error && (
    <p id={`${id}-error`} className="text-sm text-red-700">
      {error}
    </p>
  );
  if (input.kind === "boolean")
    return (
      <div className="flex w-96 max-w-full flex-col gap-1">
        <label htmlFor={id} className="flex items-center gap-2 text-sm font-medium text-slate-700">
          <input
            id={id}
            type="checkbox"
            role="switch"
            name={name}
            value="true"
            defaultChecked={value === true}
            className="size-5 accent-brand-600"
            {...described}
          />
          {label}
        </label>
        {message}
      </div>
    );
  return (
    <div className="flex w-96 max-w-full min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {input.kind === "choice" ? (
        <select
          id={id}
          name={name}
          defaultValue={value === undefined ? "" : String(value)}
          className={BOX}
          {...described}
        >
          <option value="">{notSet}</option>
          {input.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          name={name}
          type={secret ? "password" : input.kind === "number" ? "number" : "text"}
          inputMode={input.kind === "number" ? "numeric" : undefined}
          autoComplete="off"
          placeholder={placeholder}
          title={title}
          defaultValue={value === undefined ? undefined : String(value)}
          className={BOX}
          {...described}
        />
      )}
      {message}
    </div>
  );
}
