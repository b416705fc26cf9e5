-- The daily reconciliation (docs/reconciliation.md): a run per partner account and day, the partner's pages as
-- received, and the discrepancies; with the indexes that read one day of an account's records. Young tables: the
-- indexes on existing tables are built here; an older, busy database builds them CONCURRENTLY first (docs/deploy.md).
-- CreateTable
CREATE TABLE "recon_runs" (
    "id" SERIAL NOT NULL,
    "account" TEXT NOT NULL,
    "partner" TEXT NOT NULL,
    "dealer_id" INTEGER,
    "gateway_id" INTEGER,
    "wallet_id" INTEGER,
    "day" DATE NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'running',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "partner_records" INTEGER NOT NULL DEFAULT 0,
    "our_records" INTEGER NOT NULL DEFAULT 0,
    "matched" INTEGER NOT NULL DEFAULT 0,
    "matched_amount" DECIMAL(18,2) NOT NULL DEFAULT 0,
    "discrepancies" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "next_attempt_at" TIMESTAMPTZ(3),
    "started_at" TIMESTAMPTZ(3),
    "reconciled_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "recon_runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "recon_pages" (
    "run_id" INTEGER NOT NULL,
    "seq" INTEGER NOT NULL,
    "body" TEXT NOT NULL,
    "records" INTEGER NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "recon_pages_pkey" PRIMARY KEY ("run_id","seq")
);

-- CreateTable
CREATE TABLE "recon_discrepancies" (
    "id" SERIAL NOT NULL,
    "run_id" INTEGER NOT NULL,
    "account" TEXT NOT NULL,
    "partner" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "kind" TEXT NOT NULL,
    "record_kind" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "order_id" TEXT,
    "transaction_id" INTEGER,
    "dealer_id" INTEGER,
    "provider_id" INTEGER,
    "gateway_id" INTEGER,
    "amount" DECIMAL(18,2) NOT NULL,
    "currency" TEXT NOT NULL,
    "ours" JSONB,
    "theirs" JSONB,
    "status" TEXT NOT NULL DEFAULT 'open',
    "proposed_by" TEXT,
    "proposed_by_id" INTEGER,
    "proposed_at" TIMESTAMPTZ(3),
    "resolved_by" TEXT,
    "resolved_at" TIMESTAMPTZ(3),
    "reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "recon_discrepancies_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "recon_runs_day_state_idx" ON "recon_runs"("day", "state");

-- CreateIndex
CREATE INDEX "recon_runs_dealer_id_day_idx" ON "recon_runs"("dealer_id", "day");

-- CreateIndex
CREATE UNIQUE INDEX "recon_runs_account_day_key" ON "recon_runs"("account", "day");

-- CreateIndex
CREATE INDEX "recon_discrepancies_status_created_at_idx" ON "recon_discrepancies"("status", "created_at");

-- CreateIndex
CREATE INDEX "recon_discrepancies_dealer_id_status_idx" ON "recon_discrepancies"("dealer_id", "status");

-- CreateIndex
CREATE UNIQUE INDEX "recon_discrepancies_account_day_key_key" ON "recon_discrepancies"("account", "day", "key");

-- CreateIndex
CREATE INDEX "card_attempts_status_decided_at_idx" ON "card_attempts"("status", "decided_at");

-- CreateIndex
CREATE INDEX "card_refunds_status_updated_at_idx" ON "card_refunds"("status", "updated_at");

-- CreateIndex
CREATE INDEX "transactions_gateway_id_completed_at_idx" ON "transactions"("gateway_id", "completed_at");

-- CreateIndex
CREATE INDEX "transfers_wallet_id_completed_at_idx" ON "transfers"("wallet_id", "completed_at");

-- AddForeignKey
ALTER TABLE "recon_pages" ADD CONSTRAINT "recon_pages_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "recon_runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "recon_discrepancies" ADD CONSTRAINT "recon_discrepancies_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "recon_runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
