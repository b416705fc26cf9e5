-- A dealer-wide acquirer notification (PayTR) names a card attempt only by the reference its checkout got
-- (merchant_oid): a late verdict on an earlier attempt is found by it.
CREATE INDEX "card_attempts_partner_reference_idx" ON "card_attempts"("partner_reference");
