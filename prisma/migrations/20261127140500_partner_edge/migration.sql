-- DropIndex
DROP INDEX "eiban_transactions_external_id_key";

-- CreateTable
CREATE TABLE "partner_nonces" (
    "scope" VARCHAR(64) NOT NULL,
    "nonce" VARCHAR(64) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "partner_nonces_pkey" PRIMARY KEY ("scope","nonce")
);

-- CreateIndex
CREATE INDEX "partner_nonces_expires_at_idx" ON "partner_nonces"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "eiban_transactions_wallet_id_external_id_key" ON "eiban_transactions"("wallet_id", "external_id");
