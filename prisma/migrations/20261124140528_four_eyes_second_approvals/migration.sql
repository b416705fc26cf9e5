-- CreateTable
CREATE TABLE "second_approvals" (
    "id" SERIAL NOT NULL,
    "transaction_id" INTEGER NOT NULL,
    "open_for" INTEGER,
    "from_status" "TransactionStatus" NOT NULL,
    "to_status" "TransactionStatus" NOT NULL,
    "amount" DECIMAL(18,2) NOT NULL,
    "reason" TEXT,
    "bank_reference" TEXT,
    "proposed_by_user_id" INTEGER,
    "proposed_by" TEXT NOT NULL,
    "proposed_via_cli" BOOLEAN NOT NULL DEFAULT false,
    "proposed_by_dealer_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decision" TEXT,
    "decided_by_user_id" INTEGER,
    "decided_by" TEXT,
    "decided_at" TIMESTAMPTZ(3),
    "decline_reason" TEXT,

    CONSTRAINT "second_approvals_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "second_approvals_open_for_key" ON "second_approvals"("open_for");

-- CreateIndex
CREATE INDEX "second_approvals_transaction_id_created_at_idx" ON "second_approvals"("transaction_id", "created_at");

-- CreateIndex
CREATE INDEX "second_approvals_decision_created_at_idx" ON "second_approvals"("decision", "created_at");

-- AddForeignKey
ALTER TABLE "second_approvals" ADD CONSTRAINT "second_approvals_transaction_id_fkey" FOREIGN KEY ("transaction_id") REFERENCES "transactions"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
