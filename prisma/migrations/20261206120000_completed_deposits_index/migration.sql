-- The newest completed deposit, read once per metrics scrape (deposit_last_completed_age_seconds): a backward
-- step on this partial index, not a scan of the transactions. Deposits are a small share of a young table; an
-- older, busy one would build it in a migration of its own with CONCURRENTLY (docs/deploy.md, rolling upgrade).
CREATE INDEX "transactions_completed_deposits_idx" ON "transactions"("completed_at") WHERE direction = 'DEPOSIT' AND status = 'completed';
