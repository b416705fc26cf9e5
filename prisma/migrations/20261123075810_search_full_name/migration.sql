-- CreateIndex
CREATE INDEX "transactions_fullname_trgm_idx" ON "transactions" USING GIN ("fullname" gin_trgm_ops);
