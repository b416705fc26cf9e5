-- AlterTable
ALTER TABLE "sandbox_acquirer_sessions" ADD COLUMN     "auth_code" TEXT,
ADD COLUMN     "error_message" TEXT,
ADD COLUMN     "refund_ids" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "refunded_amount" DECIMAL(18,2) NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "dealer_acquirers" (
    "dealer_id" INTEGER NOT NULL,
    "connector" TEXT NOT NULL,
    "config" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "dealer_acquirers_pkey" PRIMARY KEY ("dealer_id")
);

-- CreateTable
CREATE TABLE "card_refunds" (
    "id" SERIAL NOT NULL,
    "transaction_id" INTEGER NOT NULL,
    "refund_id" TEXT NOT NULL,
    "amount" DECIMAL(18,2) NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "reason" TEXT,
    "error_code" TEXT,
    "error_message" TEXT,
    "partner_reference" TEXT,
    "actor_label" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "card_refunds_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "card_refunds_refund_id_key" ON "card_refunds"("refund_id");

-- CreateIndex
CREATE INDEX "card_refunds_transaction_id_idx" ON "card_refunds"("transaction_id");

-- AddForeignKey
ALTER TABLE "dealer_acquirers" ADD CONSTRAINT "dealer_acquirers_dealer_id_fkey" FOREIGN KEY ("dealer_id") REFERENCES "dealers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "card_refunds" ADD CONSTRAINT "card_refunds_transaction_id_fkey" FOREIGN KEY ("transaction_id") REFERENCES "transactions"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
