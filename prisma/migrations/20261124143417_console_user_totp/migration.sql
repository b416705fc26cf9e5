-- AlterTable
ALTER TABLE "console_users" ADD COLUMN     "recovery_code_hashes" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "totp_enabled_at" TIMESTAMPTZ(3),
ADD COLUMN     "totp_secret_enc" TEXT;
