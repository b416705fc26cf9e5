-- AlterTable
ALTER TABLE "callback_attempts" ADD COLUMN     "in_flight" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "callback_deliveries" ADD COLUMN     "lease_token" TEXT;

-- AlterTable
ALTER TABLE "idempotency_records" ADD COLUMN     "claim_token" TEXT,
ADD COLUMN     "locked_until" TIMESTAMPTZ(3),
ADD COLUMN     "transaction_id" INTEGER,
ADD COLUMN     "transfer_id" INTEGER;
