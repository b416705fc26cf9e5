import { formatLocalIso, startOfLocalDay } from "@/lib/base/time/format";
import type { DayWindow } from "./our-side";

/**
 * How far the partner is asked beyond the day's bounds: a record stamped across midnight (a sale at 23:59:58 that
 * one side stamps 00:00:01, a status recovered a few minutes after the return was lost) still finds its pair.
 */
export const WIDEN_MS = 30 * 60_000;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function isDay(text: string): boolean {
  return DAY.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && addDays(text, 0) === text;
}

/** The calendar day `n` days after `day` (YYYY-MM-DD, calendar arithmetic: no time zone involved). */
export function addDays(day: string, n: number): string {
  const date = dayDate(day);
  date.setUTCDate(date.getUTCDate() + n);
  return dayOf(date);
}

/** A day as a DATE column holds it (midnight UTC of the calendar day), and back. */
export const dayDate = (day: string): Date => new Date(`${day}T00:00:00Z`);
export const dayOf = (date: Date): string => date.toISOString().slice(0, 10);

/** The service zone's (Istanbul's) calendar day of an instant. */
export function localDay(at: Date): string {
  return formatLocalIso(at).slice(0, 10);
}

export function dayWindow(day: string): DayWindow {
  const start = startOfLocalDay(day);
  const end = startOfLocalDay(addDays(day, 1));
  return {
    day,
    start,
    end,
    from: new Date(start.getTime() - WIDEN_MS),
    to: new Date(end.getTime() + WIDEN_MS),
  };
}
