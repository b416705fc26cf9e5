-- AlterTable
ALTER TABLE "eiban_wallets" ADD COLUMN     "last_offered_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "sandbox_bank_accounts" (
    "iban" TEXT NOT NULL,
    "holder" TEXT NOT NULL,
    "balance" DECIMAL(18,2) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sandbox_bank_accounts_pkey" PRIMARY KEY ("iban")
);

-- CreateTable
CREATE TABLE "sandbox_bank_lines" (
    "id" SERIAL NOT NULL,
    "reference" TEXT NOT NULL,
    "account_iban" TEXT NOT NULL,
    "direction" TEXT NOT NULL,
    "amount" DECIMAL(18,2) NOT NULL,
    "counterparty_name" TEXT NOT NULL,
    "counterparty_iban" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "occurred_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sandbox_bank_lines_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sandbox_bank_transfers" (
    "id" SERIAL NOT NULL,
    "reference" TEXT NOT NULL,
    "client_ref" TEXT NOT NULL,
    "from_iban" TEXT NOT NULL,
    "to_iban" TEXT NOT NULL,
    "recipient_name" TEXT NOT NULL,
    "amount" DECIMAL(18,2) NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'pending',
    "failure_reason" TEXT,
    "notify_url" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "processed_at" TIMESTAMPTZ(3),

    CONSTRAINT "sandbox_bank_transfers_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "sandbox_bank_lines_reference_key" ON "sandbox_bank_lines"("reference");

-- CreateIndex
CREATE INDEX "sandbox_bank_lines_account_iban_occurred_at_idx" ON "sandbox_bank_lines"("account_iban", "occurred_at");

-- CreateIndex
CREATE UNIQUE INDEX "sandbox_bank_transfers_reference_key" ON "sandbox_bank_transfers"("reference");

-- CreateIndex
CREATE UNIQUE INDEX "sandbox_bank_transfers_client_ref_key" ON "sandbox_bank_transfers"("client_ref");

-- CreateIndex
CREATE INDEX "sandbox_bank_transfers_status_idx" ON "sandbox_bank_transfers"("status");
