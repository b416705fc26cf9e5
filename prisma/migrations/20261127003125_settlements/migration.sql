-- CreateEnum
CREATE TYPE "SettlementDirection" AS ENUM ('TO_PROVIDER', 'TO_SERVICE');

-- CreateTable
CREATE TABLE "settlements" (
    "id" SERIAL NOT NULL,
    "provider_id" INTEGER NOT NULL,
    "dealer_id" INTEGER NOT NULL,
    "direction" "SettlementDirection" NOT NULL,
    "amount" DECIMAL(18,2) NOT NULL,
    "reference" TEXT NOT NULL,
    "note" TEXT,
    "paid_on" DATE NOT NULL,
    "recorded_by" TEXT NOT NULL,
    "recorded_by_user_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "settlements_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "settlements_dealer_id_provider_id_created_at_idx" ON "settlements"("dealer_id", "provider_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "settlements_provider_id_dealer_id_direction_reference_key" ON "settlements"("provider_id", "dealer_id", "direction", "reference");

-- AddForeignKey
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_provider_id_fkey" FOREIGN KEY ("provider_id") REFERENCES "providers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_dealer_id_fkey" FOREIGN KEY ("dealer_id") REFERENCES "dealers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- What the column types cannot say (docs/ledger.md "Settlements"): a payment is of a positive amount and names
-- its bank transfer; like the book it records, a settlement is never changed or removed (the same trigger
-- function as the ledger's tables): a mistake is corrected by an adjustment.
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_amount_check" CHECK ("amount" > 0);
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_reference_check" CHECK (length(btrim("reference")) > 0);
CREATE TRIGGER settlements_append_only BEFORE UPDATE OR DELETE ON "settlements" FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER settlements_no_truncate BEFORE TRUNCATE ON "settlements" FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
