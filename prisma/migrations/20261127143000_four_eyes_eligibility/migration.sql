-- AlterTable
ALTER TABLE "console_users" ADD COLUMN     "access_granted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "access_granted_by" INTEGER;

-- Accounts that exist already got their access when they were created, from nobody this table knows.
UPDATE "console_users" SET "access_granted_at" = "created_at";
