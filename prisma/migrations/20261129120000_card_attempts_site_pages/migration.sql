-- CreateEnum
CREATE TYPE "CardAttemptStatus" AS ENUM ('started', 'approved', 'declined', 'cancelled');

-- AlterTable
ALTER TABLE "gateways" ADD COLUMN     "description_tr" TEXT NOT NULL DEFAULT '';

-- AlterTable
ALTER TABLE "sites" ADD COLUMN     "legal_name" TEXT,
ADD COLUMN     "logo_url" TEXT;

-- CreateTable
CREATE TABLE "site_gateways" (
    "site_id" INTEGER NOT NULL,
    "gateway_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "site_gateways_pkey" PRIMARY KEY ("site_id","gateway_id")
);

-- CreateTable
CREATE TABLE "card_attempts" (
    "id" SERIAL NOT NULL,
    "transaction_id" INTEGER NOT NULL,
    "number" INTEGER NOT NULL,
    "order_id" TEXT NOT NULL,
    "status" "CardAttemptStatus" NOT NULL DEFAULT 'started',
    "partner_reference" TEXT,
    "checkout" JSONB,
    "error_code" TEXT,
    "error_message" TEXT,
    "auth_code" TEXT,
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decided_at" TIMESTAMPTZ(3),

    CONSTRAINT "card_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "site_gateways_gateway_id_idx" ON "site_gateways"("gateway_id");

-- CreateIndex
CREATE UNIQUE INDEX "card_attempts_order_id_key" ON "card_attempts"("order_id");

-- CreateIndex
CREATE INDEX "card_attempts_status_started_at_idx" ON "card_attempts"("status", "started_at");

-- CreateIndex
CREATE UNIQUE INDEX "card_attempts_transaction_id_number_key" ON "card_attempts"("transaction_id", "number");

-- AddForeignKey
ALTER TABLE "site_gateways" ADD CONSTRAINT "site_gateways_site_id_fkey" FOREIGN KEY ("site_id") REFERENCES "sites"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "site_gateways" ADD CONSTRAINT "site_gateways_gateway_id_fkey" FOREIGN KEY ("gateway_id") REFERENCES "gateways"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "card_attempts" ADD CONSTRAINT "card_attempts_transaction_id_fkey" FOREIGN KEY ("transaction_id") REFERENCES "transactions"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Sites keep offering what they offered: every gateway there is, until an admin narrows the choice.
INSERT INTO "site_gateways" ("site_id", "gateway_id") SELECT s."id", g."id" FROM "sites" s CROSS JOIN "gateways" g;

-- A card payment whose checkout started had one attempt, under the payment's own order id.
INSERT INTO "card_attempts" ("transaction_id", "number", "order_id", "status", "partner_reference", "checkout", "error_code", "error_message", "started_at", "decided_at")
SELECT t."id", 1, t."order_id",
       (CASE WHEN t."status" IN ('success', 'refunded') THEN 'approved'
             WHEN t."status" = 'cancelled' THEN 'cancelled'
             WHEN t."status" = 'failed' AND t."error_code" IS DISTINCT FROM 'TIMEOUT' THEN 'declined'
             ELSE 'started' END)::"CardAttemptStatus",
       t."gateway_reference",
       CASE WHEN t."status" = 'pending' THEN t."gateway_details" END,
       CASE WHEN t."status" IN ('failed', 'cancelled') AND t."error_code" IS DISTINCT FROM 'TIMEOUT' THEN t."error_code" END,
       CASE WHEN t."status" IN ('failed', 'cancelled') AND t."error_code" IS DISTINCT FROM 'TIMEOUT' THEN t."error_message" END,
       t."created_at",
       t."completed_at"
FROM "transactions" t
WHERE t."method" = 'CREDIT_CARD' AND t."order_id" IS NOT NULL AND t."gateway_reference" IS NOT NULL;
