const BASE_MS = 15_000;
const MAX_MS = 15 * 60_000;

/**
 * When an unacknowledged order is sent again: 15 s, 30 s, 1 min, ... up to 15 min, or later if the
 * gateway asked for it (Retry-After on a 429 or 503), never later than the cap plus what it asked.
 */
export function nextGatewayAttemptAt(attempts: number, now: Date, retryAfterMs?: number): Date {
  const backoff = Math.min(MAX_MS, BASE_MS * 2 ** Math.max(0, attempts - 1));
  return new Date(now.getTime() + Math.max(backoff, Math.min(retryAfterMs ?? 0, MAX_MS)));
}
