-- AlterTable
ALTER TABLE "transactions" ADD COLUMN     "site_integration_id" INTEGER;

-- AlterTable
ALTER TABLE "transfers" ADD COLUMN     "site_integration_id" INTEGER;

-- CreateTable
CREATE TABLE "site_integrations" (
    "id" SERIAL NOT NULL,
    "dealer_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "site_token" TEXT NOT NULL,
    "secret_key_enc" TEXT NOT NULL,
    "previous_secret_key_enc" TEXT,
    "previous_secret_valid_to" TIMESTAMPTZ(3),
    "scopes" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "ip_whitelist" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "allowed_origins" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "revoked_at" TIMESTAMPTZ(3),
    "last_used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "site_integrations_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "site_integrations_site_token_key" ON "site_integrations"("site_token");

-- CreateIndex
CREATE INDEX "site_integrations_dealer_id_idx" ON "site_integrations"("dealer_id");

-- AddForeignKey
ALTER TABLE "site_integrations" ADD CONSTRAINT "site_integrations_dealer_id_fkey" FOREIGN KEY ("dealer_id") REFERENCES "dealers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_site_integration_id_fkey" FOREIGN KEY ("site_integration_id") REFERENCES "site_integrations"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_site_integration_id_fkey" FOREIGN KEY ("site_integration_id") REFERENCES "site_integrations"("id") ON DELETE SET NULL ON UPDATE CASCADE;
