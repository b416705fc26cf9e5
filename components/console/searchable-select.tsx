"use client";

import { useId, useState } from "react";
import { useConsoleText } from "@/components/console/console-lang";
import { useScripted } from "@/components/ui/use-scripted";
import { foldText } from "@/lib/base/text/fold-text";

type Option = { value: string; label: string };

const FIELD =
  "max-w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-500 " +
  "focus:ring-2 focus:ring-brand-100 focus:outline-none";

/**
 * A select of providers, dealers or sites that can be narrowed by typing: "ayse", "AYŞE" and "Ayşe" find
 * "Ayşe Ltd." (the console's Turkish folding). Without scripts it is the plain select, which the form posts
 * as it always did; with them a search box above it keeps only the matching choices (the chosen one and
 * "any" stay) and picks the first match when the chosen one no longer matches, so typing and pressing Enter
 * filters by it. The search box has no name: only the select's value is submitted. Names are not for a
 * browser to translate (translate="no").
 */
export function SearchableSelectField({
  label,
  name,
  options,
  defaultValue = "",
}: {
  label: string;
  name: string;
  options: Option[];
  defaultValue?: string;
}) {
  const words = useConsoleText().pickers;
  const id = useId();
  const [query, setQuery] = useState("");
  const [value, setValue] = useState(defaultValue);
  const enhanced = useScripted();

  const holds = (o: Option, text: string) => foldText(o.label).includes(foldText(text.trim()));
  /** The choices (not "any") whose folded label holds the typed text; every choice while nothing is typed. */
  const matching = (text: string) => (text.trim() ? options.filter((o) => o.value !== "" && holds(o, text)) : options);
  const wanted = query.trim() !== "";
  const matches = matching(query);
  const shown = matches.length
    ? options.filter((o) => o.value === "" || o.value === value || matches.includes(o))
    : options;

  const narrow = (text: string) => {
    setQuery(text);
    if (!text.trim()) return;
    const [first] = matching(text);
    const chosen = options.find((o) => o.value === value);
    if (first && !(chosen && holds(chosen, text))) setValue(first.value);
  };

  return (
    <div className="flex max-w-full min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {enhanced && (
        <input
          type="search"
          aria-label={words.search(label)}
          aria-controls={id}
          placeholder={words.searchPlaceholder}
          value={query}
          onChange={(e) => narrow(e.target.value)}
          autoComplete="off"
          className={`${FIELD} py-1 text-sm`}
        />
      )}
      <select
        id={id}
        name={name}
        value={value}
        translate="no"
        onChange={(e) => setValue(e.target.value)}
        className={FIELD}
      >
        {shown.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {enhanced && wanted && !matches.length && (
        <p role="status" className="text-xs text-slate-600">
          {words.noMatch}
        </p>
      )}
    </div>
  );
}
