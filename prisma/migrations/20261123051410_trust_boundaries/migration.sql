-- AlterTable
ALTER TABLE "console_users" ADD COLUMN     "session_version" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "dealers" ADD COLUMN     "max_transaction_amount" DECIMAL(18,2) NOT NULL DEFAULT 1000000,
ADD COLUMN     "require_signed_bodies" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "providers" ADD COLUMN     "max_transaction_amount" DECIMAL(18,2) NOT NULL DEFAULT 1000000,
ADD COLUMN     "require_signed_bodies" BOOLEAN NOT NULL DEFAULT false;
