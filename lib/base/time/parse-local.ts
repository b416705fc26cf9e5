import { settings } from "@/lib/base/config/settings";
import { formatLocalIso } from "./format";

/**
 * The instant of a local date-time "YYYY-MM-DD HH:MM:SS" in the service time zone, or null when it names no
 * real time (2026-02-30, 25:00:00). Like startOfLocalDay, the zone's offset is read back from the formatter.
 */
export function parseLocalDateTime(text: string, timeZone = settings.timeZone): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!m) return null;
  const iso = `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}`;
  const guess = new Date(`${iso}Z`);
  // Date rolls 2026-02-30 over to March: a time that does not read back the same is not a real one.
  if (Number.isNaN(guess.getTime()) || guess.toISOString().slice(0, 19) !== iso) return null;
  const offsetMs = Date.parse(`${formatLocalIso(guess, timeZone)}Z`) - guess.getTime();
  const first = new Date(guess.getTime() - offsetMs);
  const secondOffset = Date.parse(`${formatLocalIso(first, timeZone)}Z`) - first.getTime();
  return new Date(guess.getTime() - secondOffset);
}
