/** Under this much time left the page warns, and stops offering an amount change (which would need a new transfer). */
export const LOW_TIME_SECONDS = 3 * 60;

/**
 * "14:35": the deadline as a wall clock in the service's time zone (APP_TIME_ZONE, Turkey), as the customer's
 * phone shows it there. Read by the payment page's client components too, so the zone is passed in.
 */
export function clockTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(
    new Date(iso),
  );
}

/** Whole seconds from `now` until `iso`, never below zero. */
export function secondsLeft(iso: string, now = Date.now()): number {
  return Math.max(0, Math.floor((Date.parse(iso) - now) / 1000));
}
