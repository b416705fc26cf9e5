-- The acquirer's id of the charge that paid a card payment (iyzico's paymentId): a second approval of the same
-- order naming another charge is a second charge, recorded and raised for a refund, never taken for a repeat.
ALTER TABLE "transactions" ADD COLUMN     "charge_reference" TEXT;

-- A payout IPN names only the gateway's own payout id: it is bound to our withdrawal by (gateway, reference)
-- from the database alone, so the gateway gets its answer at once. Partial: most transactions have no reference.
CREATE INDEX "transactions_gateway_reference_idx" ON "transactions"("gateway_id", "gateway_reference") WHERE gateway_reference IS NOT NULL;
