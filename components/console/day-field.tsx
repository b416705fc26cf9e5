"use client";

import { useId, useState } from "react";
import { useConsoleText } from "@/components/console/console-lang";
import { useScripted } from "@/components/ui/use-scripted";
import { TextField } from "@/components/ui/text-field";
import type { ConsoleLang } from "@/lib/edge/i18n/console/lang";

const PLACEHOLDER: Record<ConsoleLang, string> = { tr: "gg.aa.yyyy", en: "yyyy-mm-dd" };
const LOCALE: Record<ConsoleLang, string> = { tr: "tr-TR", en: "en-GB" };

const pad = (n: number) => String(n).padStart(2, "0");

/** YYYY-MM-DD as a Turkish reader writes it (24.11.2026); English keeps the ISO form. */
function shown(day: string | undefined, lang: ConsoleLang): string {
  if (!day) return "";
  return lang === "tr" ? `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}` : day;
}

/** The month a typed day falls in (either form), else this month: [year, month 0-11]. */
function monthOf(text: string): [number, number] {
  const tr = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text.trim());
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (tr) return [Number(tr[3]), Number(tr[2]) - 1];
  if (iso) return [Number(iso[1]), Number(iso[2]) - 1];
  const now = new Date();
  return [now.getFullYear(), now.getMonth()];
}

/**
 * A day typed as text in the console's format (a native date input shows the browser's format, mm/dd/yyyy
 * in an English browser, on the Turkish console; the filters read both forms, optionalDay). With scripts, a
 * calendar in the console's language (month and weekday names, Monday first) fills the field; without them
 * the text field alone works as before.
 */
export function DayField({
  label,
  name,
  value,
  lang,
}: {
  label: string;
  name: string;
  value: string | undefined;
  lang: ConsoleLang;
}) {
  const words = useConsoleText().pickers;
  const inputId = useId();
  const [text, setText] = useState(shown(value, lang));
  const [month, setMonth] = useState<[number, number] | null>(null);
  const enhanced = useScripted();

  const close = () => {
    setMonth(null);
    document.getElementById(inputId)?.focus();
  };
  const pick = (year: number, m: number, day: number) => {
    setText(shown(`${year}-${pad(m + 1)}-${pad(day)}`, lang));
    close();
  };

  return (
    <div className="relative flex items-end gap-1">
      <TextField
        id={inputId}
        label={label}
        name={name}
        type="text"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={PLACEHOLDER[lang]}
        inputMode="numeric"
        autoComplete="off"
        className="w-36"
      />
      {enhanced && (
        <button
          type="button"
          aria-label={words.openCalendar(label)}
          aria-expanded={month !== null}
          onClick={() => setMonth(month ? null : monthOf(text))}
          className={
            "mb-0.5 rounded-md p-2 text-slate-600 ring-1 ring-slate-300 hover:bg-slate-50 focus:ring-2 " +
            "focus:ring-brand-500 focus:outline-none"
          }
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            className="h-4 w-4"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
          >
            <rect x="3" y="4.5" width="14" height="12" rx="1.5" />
            <path d="M3 8.5h14M7 2.5v4M13 2.5v4" />
          </svg>
        </button>
      )}
      {month && (
        <Calendar
          year={month[0]}
          month={month[1]}
          lang={lang}
          label={label}
          onMonth={setMonth}
          onPick={pick}
          onClose={close}
        />
      )}
    </div>
  );
}

function Calendar({
  year,
  month,
  lang,
  label,
  onMonth,
  onPick,
  onClose,
}: {
  year: number;
  month: number;
  lang: ConsoleLang;
  label: string;
  onMonth: (m: [number, number]) => void;
  onPick: (y: number, m: number, d: number) => void;
  onClose: () => void;
}) {
  const words = useConsoleText().pickers;
  const locale = LOCALE[lang];
  const first = new Date(Date.UTC(year, month, 1));
  const days = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const lead = (first.getUTCDay() + 6) % 7; // Monday first, as Turkish calendars are
  const title = new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(first);
  const weekday = new Intl.DateTimeFormat(locale, { weekday: "short", timeZone: "UTC" });
  const full = new Intl.DateTimeFormat(locale, { dateStyle: "full", timeZone: "UTC" });
  const cells: (number | null)[] = [...Array<null>(lead).fill(null), ...Array.from({ length: days }, (_, i) => i + 1)];
  const weeks = Array.from({ length: Math.ceil(cells.length / 7) }, (_, w) => cells.slice(w * 7, w * 7 + 7));
  const step = (by: number) => onMonth([year + Math.floor((month + by) / 12), (month + by + 12) % 12]);
  const nav =
    "rounded px-2 py-1 text-slate-700 hover:bg-slate-100 focus:ring-2 focus:ring-brand-500 focus:outline-none";

  // On a phone the month is a sheet at the bottom of the screen, so it never runs off the side.
  return (
    <div
      role="dialog"
      aria-label={`${label}: ${title}`}
      onKeyDown={(e) => e.key === "Escape" && onClose()}
      className={
        "absolute top-full left-0 z-20 mt-1 w-72 rounded-lg bg-white p-3 shadow-lg ring-1 ring-slate-200 " +
        "max-sm:fixed max-sm:inset-x-4 max-sm:top-auto max-sm:bottom-4 max-sm:w-auto"
      }
    >
      <div className="mb-2 flex items-center justify-between">
        <button type="button" onClick={() => step(-1)} aria-label={words.previousMonth} className={nav}>
          ‹
        </button>
        <p className="text-sm font-medium" aria-live="polite">
          {title}
        </p>
        <button type="button" onClick={() => step(1)} aria-label={words.nextMonth} className={nav}>
          ›
        </button>
      </div>
      <table className="w-full table-fixed text-center text-sm">
        <thead>
          <tr>
            {Array.from({ length: 7 }, (_, i) => (
              <th key={i} scope="col" className="py-1 text-xs font-normal text-slate-500">
                {weekday.format(new Date(Date.UTC(2024, 0, 1 + i)))}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, w) => (
            <tr key={w}>
              {week.map((day, i) =>
                day ? (
                  <td key={i}>
                    <button
                      type="button"
                      onClick={() => onPick(year, month, day)}
                      aria-label={full.format(new Date(Date.UTC(year, month, day)))}
                      className={
                        "w-full rounded py-1 hover:bg-brand-50 focus:ring-2 focus:ring-brand-500 " +
                        "focus:outline-none"
                      }
                    >
                      {day}
                    </button>
                  </td>
                ) : (
                  <td key={i} />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <button
        type="button"
        onClick={onClose}
        className="mt-2 text-xs text-slate-600 underline-offset-2 hover:underline"
      >
        {words.closeCalendar}
      </button>
    </div>
  );
}
