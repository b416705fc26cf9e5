-- AlterEnum
ALTER TYPE "DeliveryState" ADD VALUE 'NO_URL';

-- AlterTable
ALTER TABLE "sites" ADD COLUMN     "return_url" TEXT;

-- AlterTable
ALTER TABLE "transactions" ADD COLUMN     "outcome_reason" TEXT;

-- CreateIndex
CREATE INDEX "transactions_fullname_trgm_idx" ON "transactions" USING GIN ("fullname" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "transactions_email_trgm_idx" ON "transactions" USING GIN ("email" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "transactions_iban_trgm_idx" ON "transactions" USING GIN ("iban" gin_trgm_ops);
