-- AlterTable
ALTER TABLE "gateways" ADD COLUMN     "webhook_secret_enc" TEXT;

-- AlterTable
ALTER TABLE "sandbox_acquirer_sessions" ADD COLUMN     "expires_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "alerts" (
    "id" SERIAL NOT NULL,
    "kind" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "transaction_id" INTEGER,
    "transfer_id" INTEGER,
    "dealer_id" INTEGER,
    "provider_id" INTEGER,
    "message" TEXT NOT NULL,
    "details" JSONB,
    "dedupe_key" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolved_at" TIMESTAMPTZ(3),
    "resolved_by" TEXT,
    "resolution" TEXT,

    CONSTRAINT "alerts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "alerts_dedupe_key_key" ON "alerts"("dedupe_key");

-- CreateIndex
CREATE INDEX "alerts_resolved_at_created_at_idx" ON "alerts"("resolved_at", "created_at");

-- CreateIndex
CREATE INDEX "alerts_dealer_id_resolved_at_idx" ON "alerts"("dealer_id", "resolved_at");

-- CreateIndex
CREATE INDEX "alerts_transaction_id_idx" ON "alerts"("transaction_id");

-- CreateIndex
CREATE UNIQUE INDEX "eiban_wallets_iban_key" ON "eiban_wallets"("iban");

-- AddForeignKey
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_transaction_id_fkey" FOREIGN KEY ("transaction_id") REFERENCES "transactions"("id") ON DELETE SET NULL ON UPDATE CASCADE;
