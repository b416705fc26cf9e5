-- CreateIndex
CREATE INDEX "callback_deliveries_delivered_at_idx" ON "callback_deliveries"("delivered_at");
