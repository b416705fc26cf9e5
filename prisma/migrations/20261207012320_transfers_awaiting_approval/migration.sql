-- Four eyes on money out (issue 54): a send-money transfer above FOUR_EYES_MONEY_OUT_ABOVE is held, reserved but not
-- sent, until one admin approves it and a second confirms it. Adding a column with a constant default rewrites
-- nothing (PostgreSQL 11+); the index serves the approvals page's short list of held transfers.
-- AlterTable
ALTER TABLE "transfers" ADD COLUMN     "approval_proposed_at" TIMESTAMPTZ(3),
ADD COLUMN     "approval_proposed_by" TEXT,
ADD COLUMN     "approval_proposed_by_user_id" INTEGER,
ADD COLUMN     "awaiting_approval" BOOLEAN NOT NULL DEFAULT false;

-- CreateIndex
CREATE INDEX "transfers_awaiting_approval_created_at_idx" ON "transfers"("awaiting_approval", "created_at");
