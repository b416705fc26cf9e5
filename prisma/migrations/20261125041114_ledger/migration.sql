-- CreateEnum
CREATE TYPE "LedgerAccountKind" AS ENUM ('DEALER_CASH', 'PROVIDER_PAYABLE', 'SERVICE_FEES', 'DEALER_COMMISSION', 'DEALER_OWN');

-- CreateEnum
CREATE TYPE "LedgerEventKind" AS ENUM ('DEPOSIT', 'WITHDRAWAL', 'CARD_PAYMENT', 'CARD_REFUND', 'SEND_MONEY', 'SETTLEMENT', 'ADJUSTMENT');

-- CreateEnum
CREATE TYPE "LedgerLine" AS ENUM ('AMOUNT', 'SERVICE_FEE', 'DEALER_FEE');

-- CreateTable
CREATE TABLE "ledger_accounts" (
    "id" SERIAL NOT NULL,
    "key" TEXT NOT NULL,
    "kind" "LedgerAccountKind" NOT NULL,
    "provider_id" INTEGER,
    "dealer_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ledger_accounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ledger_entry_sets" (
    "id" BIGSERIAL NOT NULL,
    "kind" "LedgerEventKind" NOT NULL,
    "cause_id" INTEGER NOT NULL,
    "transaction_id" INTEGER,
    "provider_id" INTEGER,
    "dealer_id" INTEGER NOT NULL,
    "amount" DECIMAL(18,2) NOT NULL,
    "posted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "reason" TEXT,
    "recorded_by" TEXT,

    CONSTRAINT "ledger_entry_sets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ledger_entries" (
    "id" BIGSERIAL NOT NULL,
    "set_id" BIGINT NOT NULL,
    "account_id" INTEGER NOT NULL,
    "line" "LedgerLine" NOT NULL,
    "amount" DECIMAL(18,2) NOT NULL,
    "posted_at" TIMESTAMPTZ(3) NOT NULL,
    "event" "LedgerEventKind" NOT NULL,
    "fee_percent" DECIMAL(7,4),
    "fee_fixed" DECIMAL(18,2),
    "fee_schedule_id" INTEGER,

    CONSTRAINT "ledger_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "fee_schedules" (
    "id" SERIAL NOT NULL,
    "provider_id" INTEGER NOT NULL,
    "method" "PaymentMethod" NOT NULL,
    "direction" "Direction" NOT NULL,
    "effective_from" TIMESTAMPTZ(3) NOT NULL,
    "service_percent" DECIMAL(7,4) NOT NULL DEFAULT 0,
    "service_fixed" DECIMAL(18,2) NOT NULL DEFAULT 0,
    "dealer_percent" DECIMAL(7,4) NOT NULL DEFAULT 0,
    "dealer_fixed" DECIMAL(18,2) NOT NULL DEFAULT 0,
    "created_by" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "fee_schedules_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ledger_accounts_key_key" ON "ledger_accounts"("key");

-- CreateIndex
CREATE INDEX "ledger_accounts_dealer_id_provider_id_idx" ON "ledger_accounts"("dealer_id", "provider_id");

-- CreateIndex
CREATE INDEX "ledger_accounts_provider_id_idx" ON "ledger_accounts"("provider_id");

-- CreateIndex
CREATE INDEX "ledger_entry_sets_transaction_id_idx" ON "ledger_entry_sets"("transaction_id");

-- CreateIndex
CREATE INDEX "ledger_entry_sets_dealer_id_provider_id_posted_at_idx" ON "ledger_entry_sets"("dealer_id", "provider_id", "posted_at");

-- CreateIndex
CREATE UNIQUE INDEX "ledger_entry_sets_kind_cause_id_key" ON "ledger_entry_sets"("kind", "cause_id");

-- CreateIndex
CREATE INDEX "ledger_entries_account_id_posted_at_event_line_amount_idx" ON "ledger_entries"("account_id", "posted_at", "event", "line", "amount");

-- CreateIndex
CREATE INDEX "ledger_entries_set_id_idx" ON "ledger_entries"("set_id");

-- CreateIndex
CREATE UNIQUE INDEX "fee_schedules_provider_id_method_direction_effective_from_key" ON "fee_schedules"("provider_id", "method", "direction", "effective_from");

-- AddForeignKey
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_provider_id_fkey" FOREIGN KEY ("provider_id") REFERENCES "providers"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_dealer_id_fkey" FOREIGN KEY ("dealer_id") REFERENCES "dealers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ledger_entry_sets" ADD CONSTRAINT "ledger_entry_sets_transaction_id_fkey" FOREIGN KEY ("transaction_id") REFERENCES "transactions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_set_id_fkey" FOREIGN KEY ("set_id") REFERENCES "ledger_entry_sets"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "ledger_accounts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_fee_schedule_id_fkey" FOREIGN KEY ("fee_schedule_id") REFERENCES "fee_schedules"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "fee_schedules" ADD CONSTRAINT "fee_schedules_provider_id_fkey" FOREIGN KEY ("provider_id") REFERENCES "providers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- What the column types cannot say (docs/ledger.md).
ALTER TABLE "ledger_entry_sets" ADD CONSTRAINT "ledger_entry_sets_amount_check" CHECK ("amount" >= 0);
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_amount_check" CHECK ("amount" <> 0);
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_fee_rate_check" CHECK (("line" = 'AMOUNT') = ("fee_percent" IS NULL AND "fee_fixed" IS NULL));
ALTER TABLE "fee_schedules" ADD CONSTRAINT "fee_schedules_rates_check"
  CHECK ("service_percent" BETWEEN 0 AND 100 AND "dealer_percent" BETWEEN 0 AND 100 AND "service_fixed" >= 0 AND "dealer_fixed" >= 0);
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_parties_check"
  CHECK (("kind" IN ('PROVIDER_PAYABLE', 'SERVICE_FEES', 'DEALER_COMMISSION')) = ("provider_id" IS NOT NULL));

-- An entry is posted when its set is and belongs to its event: posted_at and event are copied from the set,
-- whatever the writer passed.
CREATE FUNCTION ledger_entry_posted_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT posted_at, kind INTO NEW.posted_at, NEW.event FROM ledger_entry_sets WHERE id = NEW.set_id;
  RETURN NEW;
END $$;
CREATE TRIGGER ledger_entries_posted_at BEFORE INSERT ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION ledger_entry_posted_at();

-- Every set sums to zero and has at least two entries, checked at COMMIT (deferred), so a set is written
-- entry by entry inside its transaction and a set that does not balance fails the whole transaction.
CREATE FUNCTION ledger_set_balances() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sid BIGINT;
  total NUMERIC;
  n INTEGER;
BEGIN
  IF TG_TABLE_NAME = 'ledger_entry_sets' THEN
    sid := NEW.id;
  ELSE
    sid := NEW.set_id;
    -- An entry of a set this same transaction inserted is checked once, by the set's own trigger at COMMIT;
    -- only entries added to a set of an earlier transaction (never done by the code) need a check of their own.
    IF EXISTS (SELECT 1 FROM ledger_entry_sets WHERE id = sid AND xmin = pg_current_xact_id()::xid) THEN RETURN NULL; END IF;
  END IF;
  SELECT COALESCE(sum(amount), 0), count(*) INTO total, n FROM ledger_entries WHERE set_id = sid;
  IF total <> 0 OR n < 2 THEN
    RAISE EXCEPTION 'ledger entry set % does not balance: % entries summing to %', sid, n, total USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER ledger_entry_sets_balance AFTER INSERT ON "ledger_entry_sets"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_set_balances();
CREATE CONSTRAINT TRIGGER ledger_entries_balance AFTER INSERT ON "ledger_entries"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_set_balances();

-- Append-only: sets and entries are never updated, deleted or truncated; a correction is a new set. A trigger,
-- not REVOKE: the service connects as the tables' owner, whose own privileges a REVOKE does not hold against.
CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: % on % is not allowed; post a correcting set instead', TG_OP, TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE TRIGGER ledger_entry_sets_append_only BEFORE UPDATE OR DELETE ON "ledger_entry_sets" FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER ledger_entry_sets_no_truncate BEFORE TRUNCATE ON "ledger_entry_sets" FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON "ledger_entries" FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
