import type { Prisma } from "@/lib/generated/prisma/client";
import { startOfLocalDay } from "@/lib/base/time/format";

function dayAfter(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 24 * 3600 * 1000).toISOString().slice(0, 10);
}

/**
 * A console From/To filter (YYYY-MM-DD, both days included) as a created_at range. Days are calendar days
 * in the service zone, the zone every console time is shown in, so a day's list matches its times.
 */
export function dayRange(from?: string, to?: string): Prisma.DateTimeFilter | undefined {
  if (!from && !to) return undefined;
  const range: Prisma.DateTimeFilter = {};
  if (from) range.gte = startOfLocalDay(from);
  if (to) range.lt = startOfLocalDay(dayAfter(to));
  return range;
}
