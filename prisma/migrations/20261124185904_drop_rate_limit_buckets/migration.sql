-- The fixed-window counters of the earlier batched rate limiter. Since the limiter became
-- rate-limiter-flexible (table rate_limits) no release reads or writes this table, so the release
-- running during a rolling upgrade is not disturbed by its removal.
DROP TABLE IF EXISTS "rate_limit_buckets";
