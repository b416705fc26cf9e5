-- Trigram indexes for the console search (tracking code prefix, username contains); pg_trgm is a trusted
-- contrib extension, so the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateIndex
CREATE INDEX "transactions_dealer_id_created_at_idx" ON "transactions"("dealer_id", "created_at");

-- CreateIndex
CREATE INDEX "transactions_tracking_code_trgm_idx" ON "transactions" USING GIN ("tracking_code" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "transactions_username_trgm_idx" ON "transactions" USING GIN ("username" gin_trgm_ops);
