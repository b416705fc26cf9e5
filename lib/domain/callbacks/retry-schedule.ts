const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** decisions §6: immediately, then after 1 min, 5 min, 15 min, 1 h, 3 h, 6 h, 12 h, 24 h; then exhausted. */
export const RETRY_DELAYS_MS = [0, MINUTE, 5 * MINUTE, 15 * MINUTE, HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR, 24 * HOUR];

/** Delay before the next attempt after `attemptsMade` failed ones in this schedule; null when exhausted. */
export function nextRetryDelay(attemptsMade: number): number | null {
  return attemptsMade < RETRY_DELAYS_MS.length ? RETRY_DELAYS_MS[attemptsMade]! : null;
}
