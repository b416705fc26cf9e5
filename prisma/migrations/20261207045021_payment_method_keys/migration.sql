-- Payment methods and gateway families become text keys checked against payment_method_keys, instead of the
-- PostgreSQL enums PaymentMethod and GatewayMethod: a new method is its definition in lib/domain/payment-methods,
-- and every entry point that migrates writes the registry's rows after the migrations (syncRegistryKeys), so it
-- needs no migration. The columns change type in place (USING method::text): no row is rewritten or lost.

CREATE TABLE "payment_method_keys" (
    "key" TEXT NOT NULL,
    "gateway_family" TEXT,
    "account_shape" TEXT,

    CONSTRAINT "payment_method_keys_pkey" PRIMARY KEY ("key")
);

CREATE UNIQUE INDEX "payment_method_keys_gateway_family_key" ON "payment_method_keys"("gateway_family");

-- The six methods the enums held, so the foreign keys below hold for every existing row before any entry point
-- has written the registry's rows.
INSERT INTO "payment_method_keys" ("key", "gateway_family", "account_shape") VALUES
    ('MANUAL_BANK', NULL, NULL),
    ('EIBAN', NULL, NULL),
    ('CREDIT_CARD', NULL, NULL),
    ('TP_BANK', 'BANK', 'bank'),
    ('TP_CRYPTO', 'CRYPTO', 'crypto'),
    ('TP_WALLET', 'WALLET', 'wallet');

-- What names the enum types: the ledger backfill's event function (recreated below with text) and the card
-- notification index's predicate (recreated as it was).
DROP FUNCTION ledger_money_events();
DROP INDEX "transactions_card_reference_idx";

ALTER TABLE "fee_schedules" ALTER COLUMN "method" TYPE TEXT USING "method"::text;
ALTER TABLE "gateways" ALTER COLUMN "method" TYPE TEXT USING "method"::text;
ALTER TABLE "transactions" ALTER COLUMN "method" TYPE TEXT USING "method"::text;

DROP TYPE "GatewayMethod";
DROP TYPE "PaymentMethod";

CREATE INDEX "transactions_card_reference_idx" ON "transactions"("dealer_id", "gateway_reference") WHERE gateway_reference IS NOT NULL AND method = 'CREDIT_CARD';

-- As in 20261125043000_ledger_backfill, with the method as text.
CREATE FUNCTION ledger_money_events() RETURNS TABLE (
  kind "LedgerEventKind", cause_id INTEGER, transaction_id INTEGER, provider_id INTEGER, dealer_id INTEGER,
  amount NUMERIC, posted_at TIMESTAMPTZ, method TEXT, direction "Direction"
) LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN t.method = 'CREDIT_CARD' THEN 'CARD_PAYMENT' WHEN t.direction = 'DEPOSIT' THEN 'DEPOSIT' ELSE 'WITHDRAWAL' END::"LedgerEventKind",
         t.id, t.id, t.provider_id, t.dealer_id, COALESCE(t.final_amount, t.amount), COALESCE(t.completed_at, t.updated_at), t.method, t.direction
  FROM transactions t
  WHERE (t.status = 'completed' AND t.direction IN ('DEPOSIT', 'WITHDRAWAL')) OR (t.method = 'CREDIT_CARD' AND t.status IN ('success', 'refunded'))
  UNION ALL
  SELECT 'CARD_REFUND', r.id, t.id, t.provider_id, t.dealer_id, r.amount, r.updated_at, t.method, t.direction
  FROM card_refunds r JOIN transactions t ON t.id = r.transaction_id
  WHERE r.status = 'approved'
  UNION ALL
  SELECT 'SEND_MONEY', x.id, NULL, NULL, x.dealer_id, x.amount, COALESCE(x.completed_at, x.updated_at), 'EIBAN', 'WITHDRAWAL'
  FROM transfers x
  WHERE x.status = 'completed' AND x.transaction_id IS NULL
$$;

ALTER TABLE "gateways" ADD CONSTRAINT "gateways_method_fkey" FOREIGN KEY ("method") REFERENCES "payment_method_keys"("gateway_family") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_method_fkey" FOREIGN KEY ("method") REFERENCES "payment_method_keys"("key") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "fee_schedules" ADD CONSTRAINT "fee_schedules_method_fkey" FOREIGN KEY ("method") REFERENCES "payment_method_keys"("key") ON DELETE RESTRICT ON UPDATE CASCADE;
