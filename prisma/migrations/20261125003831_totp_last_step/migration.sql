-- AlterTable
ALTER TABLE "console_users" ADD COLUMN     "totp_last_step" BIGINT;
