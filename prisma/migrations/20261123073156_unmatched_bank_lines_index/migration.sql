-- CreateIndex
CREATE INDEX "eiban_transactions_unmatched_idx" ON "eiban_transactions"("wallet_id", "occurred_at" DESC) WHERE (direction = 'incoming' AND matched_transaction_id IS NULL);
