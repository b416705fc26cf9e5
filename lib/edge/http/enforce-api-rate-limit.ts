import { ApiError } from "@/lib/edge/http/api-error";
import { hitRateLimit } from "@/lib/domain/ops/rate-limit";
import { config } from "@/lib/base/config/env";

const MINUTE = 60_000;

export function defaultApiRateLimit(): number {
  return config().RATE_LIMIT_PER_MINUTE ?? 600;
}

/**
 * Per API key, per minute; over it: 429 with Retry-After, in the envelope shape, before any work is done.
 * Every answer carries RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset (seconds until the window
 * ends) in `headers`, so a client can slow down before it is refused.
 */
export async function enforceApiRateLimit(apiKeyId: string, perMinute: number | null, headers: Headers): Promise<void> {
  const limit = perMinute ?? defaultApiRateLimit();
  const decision = await hitRateLimit(`api:${apiKeyId}`, limit, MINUTE);
  headers.set("ratelimit-limit", String(limit));
  headers.set("ratelimit-remaining", String(decision.remaining));
  headers.set("ratelimit-reset", String(decision.resetSeconds));
  if (decision.allowed) return;
  throw new ApiError(
    429,
    {
      success: false,
      error: "Too many requests",
      message:
        `The limit of ${limit} requests per minute for this API key is reached; retry in ` +
        `${decision.retryAfterSeconds} s.`,
    },
    { "retry-after": String(decision.retryAfterSeconds) },
  );
}
