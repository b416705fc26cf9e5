import { settings } from "@/lib/base/config/settings";
import { formatLocalIso, startOfLocalDay } from "@/lib/base/time/format";

export type DayWindow = {
  /** Local calendar days, oldest first; the last one is today. */
  days: string[];
  today: string;
  todayStart: Date;
  periodStart: Date;
  timeZone: string;
};

const DAY_MS = 24 * 3600 * 1000;

/** The last `count` calendar days in the console's zone, so "today" means today where the staff are. */
export function getDayWindow(count: number, now = new Date(), timeZone = settings.timeZone): DayWindow {
  const today = formatLocalIso(now, timeZone).slice(0, 10);
  // Calendar arithmetic on a UTC midnight never meets a DST change; each day's instant comes from the zone.
  const todayUtc = Date.parse(`${today}T00:00:00Z`);
  const days = Array.from({ length: count }, (_, i) =>
    new Date(todayUtc - (count - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
  return {
    days,
    today,
    todayStart: startOfLocalDay(today, timeZone),
    periodStart: startOfLocalDay(days[0]!, timeZone),
    timeZone,
  };
}
