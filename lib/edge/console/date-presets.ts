import { getDayWindow } from "@/lib/domain/explorer/get-day-window";

export type DatePreset = "today" | "yesterday" | "last7" | "thisMonth";

export const DATE_PRESETS: DatePreset[] = ["today", "yesterday", "last7", "thisMonth"];

/** The from/to days (YYYY-MM-DD, inclusive) of each preset, counted in the console's time zone as of `now`. */
export function presetRange(preset: DatePreset, now = new Date()): { from: string; to: string } {
  const { days, today } = getDayWindow(7, now);
  switch (preset) {
    case "today":
      return { from: today, to: today };
    case "yesterday":
      return { from: days[5]!, to: days[5]! };
    case "last7":
      return { from: days[0]!, to: today };
    case "thisMonth":
      return { from: `${today.slice(0, 8)}01`, to: today };
  }
}
