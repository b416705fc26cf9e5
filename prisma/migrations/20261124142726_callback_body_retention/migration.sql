-- AlterTable
ALTER TABLE "callback_attempts" ALTER COLUMN "request_body" DROP NOT NULL;

-- CreateIndex
CREATE INDEX "callback_attempts_started_at_idx" ON "callback_attempts"("started_at");
