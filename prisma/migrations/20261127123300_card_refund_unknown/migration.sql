-- AlterTable
ALTER TABLE "card_refunds" ADD COLUMN     "actor_dealer_id" INTEGER,
ADD COLUMN     "actor_user_id" INTEGER,
ADD COLUMN     "actor_via_cli" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "attempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "checked_at" TIMESTAMPTZ(3),
ADD COLUMN     "sent_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "transactions" ADD COLUMN     "three_d_secure" TEXT;

-- Refunds recorded before: each was sent once, when it was created (an 'error' one may not have been sent).
UPDATE "card_refunds" SET "attempts" = 1, "sent_at" = "created_at" WHERE "status" IN ('pending', 'approved', 'refused');
