import { settings } from "@/lib/base/config/settings";

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsIn(date: Date, timeZone: string) {
  let fmt = formatters.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(timeZone, fmt);
  }
  const parts = Object.fromEntries(fmt.formatToParts(date).map((p) => [p.type, p.value]));
  return parts as Record<"year" | "month" | "day" | "hour" | "minute" | "second", string>;
}

/** "YYYY-MM-DD HH:MM:SS" in the service time zone (APP_TIME_ZONE). */
export function formatDateTime(date: Date, timeZone = settings.timeZone): string {
  const p = partsIn(date, timeZone);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** ISO 8601 local date-time without offset, e.g. 2026-11-22T09:15:00. */
export function formatLocalIso(date: Date, timeZone = settings.timeZone): string {
  return formatDateTime(date, timeZone).replace(" ", "T");
}

/** ISO 8601 with the zone's UTC offset, e.g. 2026-11-22T09:15:00+03:00. */
export function formatIsoWithOffset(date: Date, timeZone = settings.timeZone): string {
  const local = formatLocalIso(date, timeZone);
  const asUtc = Date.parse(`${local}Z`);
  const offsetMinutes = Math.round((asUtc - Math.floor(date.getTime() / 1000) * 1000) / 60000);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

export function unixSeconds(date = new Date()): number {
  return Math.floor(date.getTime() / 1000);
}

/** The instant a local calendar day (YYYY-MM-DD) begins in the service time zone. */
export function startOfLocalDay(day: string, timeZone = settings.timeZone): Date {
  const guess = new Date(`${day}T00:00:00Z`);
  // The zone's offset at that moment, read back from the formatter (handles DST changes).
  const offsetMs = Date.parse(`${formatLocalIso(guess, timeZone)}Z`) - guess.getTime();
  const first = new Date(guess.getTime() - offsetMs);
  const secondOffset = Date.parse(`${formatLocalIso(first, timeZone)}Z`) - first.getTime();
  return new Date(guess.getTime() - secondOffset);
}
