-- An acquirer that sends every notification of a merchant account to one address (PayTR) names the payment
-- only by the reference we gave it (merchant_oid, kept in gateway_reference): the dealer's card payment is
-- found by (dealer, reference). Partial: only card payments with a reference are indexed.
CREATE INDEX "transactions_card_reference_idx" ON "transactions"("dealer_id", "gateway_reference") WHERE gateway_reference IS NOT NULL AND method = 'CREDIT_CARD';
