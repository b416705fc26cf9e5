"use client";

import { useState } from "react";
import { useScripted } from "@/components/ui/use-scripted";

type View = { name: string; query: string };

const storeKey = (path: string) => `console-views:${path}`;

function readViews(path: string): View[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storeKey(path)) ?? "[]");
    return Array.isArray(stored) ? (stored as View[]).filter((v) => v && typeof v.name === "string") : [];
  } catch {
    return [];
  }
}

/**
 * The operator's own named views of a list (a set of filters kept under a name), in this browser: one click back to
 * "failed card payments this week". Kept in the browser's storage, never sent to the server; it appears once scripts
 * run (the filters themselves work without).
 */
export function SavedViews({
  path,
  query,
  words,
}: {
  path: string;
  /** The current filters as a query string ("?status=failed&…"), what "save" keeps. */
  query: string;
  /** Plain strings (a server page hands them over): `remove` is followed by the view's name. */
  words: { heading: string; name: string; save: string; remove: string; none: string };
}) {
  const scripted = useScripted();
  // Read once in the browser; the server renders nothing here (scripted is false until hydrated), so no mismatch.
  const [views, setViews] = useState<View[]>(() => (typeof window === "undefined" ? [] : readViews(path)));
  const [name, setName] = useState("");
  if (!scripted) return null;
  const store = (next: View[]) => {
    setViews(next);
    localStorage.setItem(storeKey(path), JSON.stringify(next));
  };
  return (
    <section aria-label={words.heading} className="flex flex-wrap items-center gap-2 text-sm">
      <span className="font-medium text-slate-700">{words.heading}:</span>
      {views.length === 0 && <span className="text-slate-600">{words.none}</span>}
      {views.map((v) => (
        <span key={v.name} className="inline-flex items-center gap-1">
          <a href={`${path}${v.query}`} className="text-brand-700 underline-offset-2 hover:underline">
            {v.name}
          </a>
          <button
            type="button"
            aria-label={`${words.remove}: ${v.name}`}
            onClick={() => store(views.filter((x) => x.name !== v.name))}
            className="rounded px-1 text-slate-500 hover:text-slate-900"
          >
            ×
          </button>
        </span>
      ))}
      {query && (
        <form
          className="inline-flex items-center gap-1"
          onSubmit={(event) => {
            event.preventDefault();
            const given = name.trim();
            if (!given) return;
            store([...views.filter((v) => v.name !== given), { name: given, query }]);
            setName("");
          }}
        >
          <input
            aria-label={words.name}
            placeholder={words.name}
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={40}
            className="w-40 rounded-md border border-slate-300 px-2 py-1"
          />
          <button type="submit" className="rounded-md px-2 py-1 font-medium text-brand-700 ring-1 ring-brand-200">
            {words.save}
          </button>
        </form>
      )}
    </section>
  );
}
