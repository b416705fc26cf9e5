-- The console's search opens a payment from any identifier a customer or a partner quotes: the gateway's reference
-- (GW-…), the bank's reference of a transfer, the acquirer's reference of a refund. Equality lookups, each on its own
-- btree (tracking codes, order ids, transfer ids and wallet ids have theirs already). The gateway's reference has an
-- index led by the gateway (partner_edge_references), which a search that does not know the gateway cannot use.
-- CreateIndex
CREATE INDEX "card_refunds_partner_reference_idx" ON "card_refunds"("partner_reference");

-- CreateIndex
CREATE INDEX "transactions_gateway_reference_lookup_idx" ON "transactions"("gateway_reference");

-- CreateIndex
CREATE INDEX "transfers_bank_reference_idx" ON "transfers"("bank_reference");
