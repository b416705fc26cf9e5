-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "ConsoleRole" AS ENUM ('ADMIN', 'DEALER', 'PROVIDER');

-- CreateEnum
CREATE TYPE "PaymentMethod" AS ENUM ('MANUAL_BANK', 'EIBAN', 'CREDIT_CARD', 'TP_BANK', 'TP_CRYPTO', 'TP_WALLET');

-- CreateEnum
CREATE TYPE "Direction" AS ENUM ('DEPOSIT', 'WITHDRAWAL', 'PAYMENT');

-- CreateEnum
CREATE TYPE "Origin" AS ENUM ('PROVIDER', 'DEALER');

-- CreateEnum
CREATE TYPE "TransactionStatus" AS ENUM ('showing', 'pending', 'processing', 'completed', 'canceled', 'expired', 'rejected', 'failed', 'success', 'cancelled', 'refunded');

-- CreateEnum
CREATE TYPE "GatewayMethod" AS ENUM ('BANK', 'CRYPTO', 'WALLET');

-- CreateEnum
CREATE TYPE "TransferStatus" AS ENUM ('pending', 'completed', 'failed', 'cancelled');

-- CreateEnum
CREATE TYPE "CallbackKind" AS ENUM ('PROVIDER_DEPOSIT', 'PROVIDER_WITHDRAWAL', 'PROVIDER_CARD', 'DEALER_CARD', 'TEST');

-- CreateEnum
CREATE TYPE "DeliveryState" AS ENUM ('PENDING', 'DELIVERED', 'EXHAUSTED');

-- CreateEnum
CREATE TYPE "ActorType" AS ENUM ('SYSTEM', 'API', 'CUSTOMER', 'CONSOLE_USER', 'GATEWAY', 'CLI');

-- CreateTable
CREATE TABLE "providers" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "api_key" TEXT NOT NULL,
    "secret_key_enc" TEXT NOT NULL,
    "previous_secret_key_enc" TEXT,
    "previous_secret_valid_to" TIMESTAMPTZ(3),
    "verification_key_enc" TEXT NOT NULL,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "ip_whitelist" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "deposit_callback_url" TEXT,
    "withdrawal_callback_url" TEXT,
    "credit_card_callback_url" TEXT,
    "rate_limit_per_minute" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "providers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "dealers" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "welcome_message" TEXT,
    "api_key" TEXT NOT NULL,
    "secret_key_enc" TEXT NOT NULL,
    "previous_secret_key_enc" TEXT,
    "previous_secret_valid_to" TIMESTAMPTZ(3),
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "ip_whitelist" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "credit_card_enabled" BOOLEAN NOT NULL DEFAULT false,
    "eiban_enabled" BOOLEAN NOT NULL DEFAULT false,
    "manual_iban_enabled" BOOLEAN NOT NULL DEFAULT false,
    "credit_card_callback_url" TEXT,
    "rate_limit_per_minute" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "dealers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sites" (
    "id" SERIAL NOT NULL,
    "provider_id" INTEGER NOT NULL,
    "dealer_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "credential_key" TEXT NOT NULL,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "sites_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "console_users" (
    "id" SERIAL NOT NULL,
    "email" TEXT NOT NULL,
    "password_hash" TEXT NOT NULL,
    "role" "ConsoleRole" NOT NULL,
    "dealer_id" INTEGER,
    "provider_id" INTEGER,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "last_login_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "console_users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "bank_accounts" (
    "id" SERIAL NOT NULL,
    "dealer_id" INTEGER NOT NULL,
    "bank_name" TEXT NOT NULL,
    "account_name" TEXT NOT NULL,
    "iban" TEXT NOT NULL,
    "min_amount" DECIMAL(18,2) NOT NULL,
    "max_amount" DECIMAL(18,2) NOT NULL,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "last_offered_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "bank_accounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "eiban_wallets" (
    "id" SERIAL NOT NULL,
    "dealer_id" INTEGER NOT NULL,
    "wallet_id" TEXT NOT NULL,
    "iban" TEXT NOT NULL,
    "bank_name" TEXT NOT NULL,
    "account_name" TEXT NOT NULL,
    "balance" DECIMAL(18,2) NOT NULL DEFAULT 0,
    "available_balance" DECIMAL(18,2) NOT NULL DEFAULT 0,
    "bank_balance" DECIMAL(18,2),
    "reconciled_at" TIMESTAMPTZ(3),
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "eiban_wallets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "eiban_transactions" (
    "id" SERIAL NOT NULL,
    "wallet_id" INTEGER NOT NULL,
    "external_id" TEXT NOT NULL,
    "direction" TEXT NOT NULL,
    "amount" DECIMAL(18,2) NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "sender_name" TEXT NOT NULL DEFAULT '',
    "sender_iban" TEXT NOT NULL DEFAULT '',
    "occurred_at" TIMESTAMPTZ(3) NOT NULL,
    "matched_transaction_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "eiban_transactions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "transfers" (
    "id" SERIAL NOT NULL,
    "transfer_id" TEXT NOT NULL,
    "dealer_id" INTEGER NOT NULL,
    "wallet_id" INTEGER NOT NULL,
    "transaction_id" INTEGER,
    "amount" DECIMAL(18,2) NOT NULL,
    "recipient_iban" TEXT NOT NULL,
    "recipient_name" TEXT NOT NULL,
    "description" TEXT,
    "status" "TransferStatus" NOT NULL DEFAULT 'pending',
    "bank_reference" TEXT,
    "failure_reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "transfers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "gateways" (
    "id" SERIAL NOT NULL,
    "method" "GatewayMethod" NOT NULL,
    "name" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "adapter" TEXT NOT NULL DEFAULT 'sandbox',
    "min_amount" DECIMAL(18,2) NOT NULL,
    "max_amount" DECIMAL(18,2) NOT NULL,
    "required_fields" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "supported_crypto_types" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "description" TEXT NOT NULL DEFAULT '',
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "config" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "gateways_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "transactions" (
    "id" SERIAL NOT NULL,
    "tracking_code" TEXT NOT NULL,
    "payment_token" TEXT,
    "method" "PaymentMethod" NOT NULL,
    "direction" "Direction" NOT NULL,
    "origin" "Origin" NOT NULL,
    "status" "TransactionStatus" NOT NULL,
    "provider_id" INTEGER,
    "site_id" INTEGER,
    "dealer_id" INTEGER NOT NULL,
    "user_id" TEXT NOT NULL,
    "username" TEXT NOT NULL,
    "fullname" TEXT NOT NULL DEFAULT '',
    "email" TEXT,
    "phone" TEXT,
    "amount" DECIMAL(18,2) NOT NULL,
    "final_amount" DECIMAL(18,2),
    "currency" TEXT NOT NULL DEFAULT 'TRY',
    "iban" TEXT,
    "recipient_name" TEXT,
    "bank_account_id" INTEGER,
    "eiban_wallet_id" INTEGER,
    "gateway_id" INTEGER,
    "account_details" JSONB,
    "gateway_details" JSONB,
    "gateway_reference" TEXT,
    "order_id" TEXT,
    "description" TEXT,
    "error_code" TEXT,
    "error_message" TEXT,
    "expires_at" TIMESTAMPTZ(3),
    "completed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "transactions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "transaction_events" (
    "id" SERIAL NOT NULL,
    "transaction_id" INTEGER NOT NULL,
    "from_status" "TransactionStatus",
    "to_status" "TransactionStatus" NOT NULL,
    "actor_type" "ActorType" NOT NULL,
    "actor_id" TEXT,
    "note" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "transaction_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "callback_deliveries" (
    "id" SERIAL NOT NULL,
    "kind" "CallbackKind" NOT NULL,
    "transaction_id" INTEGER,
    "provider_id" INTEGER,
    "dealer_id" INTEGER,
    "url" TEXT NOT NULL,
    "tracking_code" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "payload" JSON NOT NULL,
    "state" "DeliveryState" NOT NULL DEFAULT 'PENDING',
    "attempt_count" INTEGER NOT NULL DEFAULT 0,
    "schedule_start" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "locked_until" TIMESTAMPTZ(3),
    "locked_by" TEXT,
    "last_error" TEXT,
    "request_id" TEXT,
    "delivered_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "callback_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "callback_attempts" (
    "id" SERIAL NOT NULL,
    "delivery_id" INTEGER NOT NULL,
    "attempt_number" INTEGER NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "duration_ms" INTEGER NOT NULL,
    "request_headers" JSONB NOT NULL,
    "request_body" TEXT NOT NULL,
    "status_code" INTEGER,
    "response_excerpt" TEXT,
    "error" TEXT,
    "succeeded" BOOLEAN NOT NULL,

    CONSTRAINT "callback_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "blocked_customers" (
    "id" SERIAL NOT NULL,
    "provider_id" INTEGER NOT NULL,
    "user_id" TEXT NOT NULL,
    "reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "blocked_customers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audit_log" (
    "id" SERIAL NOT NULL,
    "actor_user_id" INTEGER,
    "actor_label" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "entity_type" TEXT NOT NULL,
    "entity_id" TEXT,
    "before" JSONB,
    "after" JSONB,
    "ip" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_log_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "idempotency_records" (
    "id" SERIAL NOT NULL,
    "scope" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "request_hash" TEXT NOT NULL,
    "status_code" INTEGER NOT NULL,
    "response_body" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "idempotency_records_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "providers_api_key_key" ON "providers"("api_key");

-- CreateIndex
CREATE UNIQUE INDEX "dealers_api_key_key" ON "dealers"("api_key");

-- CreateIndex
CREATE UNIQUE INDEX "sites_credential_key_key" ON "sites"("credential_key");

-- CreateIndex
CREATE INDEX "sites_provider_id_idx" ON "sites"("provider_id");

-- CreateIndex
CREATE INDEX "sites_dealer_id_idx" ON "sites"("dealer_id");

-- CreateIndex
CREATE UNIQUE INDEX "console_users_email_key" ON "console_users"("email");

-- CreateIndex
CREATE INDEX "bank_accounts_dealer_id_is_active_idx" ON "bank_accounts"("dealer_id", "is_active");

-- CreateIndex
CREATE UNIQUE INDEX "eiban_wallets_wallet_id_key" ON "eiban_wallets"("wallet_id");

-- CreateIndex
CREATE INDEX "eiban_wallets_dealer_id_idx" ON "eiban_wallets"("dealer_id");

-- CreateIndex
CREATE UNIQUE INDEX "eiban_transactions_external_id_key" ON "eiban_transactions"("external_id");

-- CreateIndex
CREATE UNIQUE INDEX "eiban_transactions_matched_transaction_id_key" ON "eiban_transactions"("matched_transaction_id");

-- CreateIndex
CREATE INDEX "eiban_transactions_wallet_id_occurred_at_idx" ON "eiban_transactions"("wallet_id", "occurred_at");

-- CreateIndex
CREATE UNIQUE INDEX "transfers_transfer_id_key" ON "transfers"("transfer_id");

-- CreateIndex
CREATE UNIQUE INDEX "transfers_transaction_id_key" ON "transfers"("transaction_id");

-- CreateIndex
CREATE INDEX "transfers_dealer_id_created_at_idx" ON "transfers"("dealer_id", "created_at");

-- CreateIndex
CREATE INDEX "transfers_status_idx" ON "transfers"("status");

-- CreateIndex
CREATE UNIQUE INDEX "gateways_code_key" ON "gateways"("code");

-- CreateIndex
CREATE INDEX "gateways_method_is_active_idx" ON "gateways"("method", "is_active");

-- CreateIndex
CREATE UNIQUE INDEX "transactions_tracking_code_key" ON "transactions"("tracking_code");

-- CreateIndex
CREATE UNIQUE INDEX "transactions_payment_token_key" ON "transactions"("payment_token");

-- CreateIndex
CREATE UNIQUE INDEX "transactions_order_id_key" ON "transactions"("order_id");

-- CreateIndex
CREATE INDEX "transactions_provider_id_created_at_idx" ON "transactions"("provider_id", "created_at");

-- CreateIndex
CREATE INDEX "transactions_dealer_id_status_created_at_idx" ON "transactions"("dealer_id", "status", "created_at");

-- CreateIndex
CREATE INDEX "transactions_site_id_created_at_idx" ON "transactions"("site_id", "created_at");

-- CreateIndex
CREATE INDEX "transactions_status_expires_at_idx" ON "transactions"("status", "expires_at");

-- CreateIndex
CREATE INDEX "transactions_user_id_idx" ON "transactions"("user_id");

-- CreateIndex
CREATE INDEX "transactions_created_at_idx" ON "transactions"("created_at");

-- CreateIndex
CREATE INDEX "transaction_events_transaction_id_created_at_idx" ON "transaction_events"("transaction_id", "created_at");

-- CreateIndex
CREATE INDEX "callback_deliveries_state_next_attempt_at_idx" ON "callback_deliveries"("state", "next_attempt_at");

-- CreateIndex
CREATE INDEX "callback_deliveries_tracking_code_idx" ON "callback_deliveries"("tracking_code");

-- CreateIndex
CREATE INDEX "callback_deliveries_created_at_idx" ON "callback_deliveries"("created_at");

-- CreateIndex
CREATE UNIQUE INDEX "callback_deliveries_transaction_id_kind_status_key" ON "callback_deliveries"("transaction_id", "kind", "status");

-- CreateIndex
CREATE UNIQUE INDEX "callback_attempts_delivery_id_attempt_number_key" ON "callback_attempts"("delivery_id", "attempt_number");

-- CreateIndex
CREATE UNIQUE INDEX "blocked_customers_provider_id_user_id_key" ON "blocked_customers"("provider_id", "user_id");

-- CreateIndex
CREATE INDEX "audit_log_created_at_idx" ON "audit_log"("created_at");

-- CreateIndex
CREATE INDEX "audit_log_entity_type_entity_id_idx" ON "audit_log"("entity_type", "entity_id");

-- CreateIndex
CREATE INDEX "idempotency_records_created_at_idx" ON "idempotency_records"("created_at");

-- CreateIndex
CREATE UNIQUE INDEX "idempotency_records_scope_key_key" ON "idempotency_records"("scope", "key");

-- AddForeignKey
ALTER TABLE "sites" ADD CONSTRAINT "sites_provider_id_fkey" FOREIGN KEY ("provider_id") REFERENCES "providers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sites" ADD CONSTRAINT "sites_dealer_id_fkey" FOREIGN KEY ("dealer_id") REFERENCES "dealers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "console_users" ADD CONSTRAINT "console_users_dealer_id_fkey" FOREIGN KEY ("dealer_id") REFERENCES "dealers"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "console_users" ADD CONSTRAINT "console_users_provider_id_fkey" FOREIGN KEY ("provider_id") REFERENCES "providers"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_dealer_id_fkey" FOREIGN KEY ("dealer_id") REFERENCES "dealers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "eiban_wallets" ADD CONSTRAINT "eiban_wallets_dealer_id_fkey" FOREIGN KEY ("dealer_id") REFERENCES "dealers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "eiban_transactions" ADD CONSTRAINT "eiban_transactions_wallet_id_fkey" FOREIGN KEY ("wallet_id") REFERENCES "eiban_wallets"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "eiban_transactions" ADD CONSTRAINT "eiban_transactions_matched_transaction_id_fkey" FOREIGN KEY ("matched_transaction_id") REFERENCES "transactions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_dealer_id_fkey" FOREIGN KEY ("dealer_id") REFERENCES "dealers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_wallet_id_fkey" FOREIGN KEY ("wallet_id") REFERENCES "eiban_wallets"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_transaction_id_fkey" FOREIGN KEY ("transaction_id") REFERENCES "transactions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_provider_id_fkey" FOREIGN KEY ("provider_id") REFERENCES "providers"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_site_id_fkey" FOREIGN KEY ("site_id") REFERENCES "sites"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_dealer_id_fkey" FOREIGN KEY ("dealer_id") REFERENCES "dealers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_bank_account_id_fkey" FOREIGN KEY ("bank_account_id") REFERENCES "bank_accounts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_eiban_wallet_id_fkey" FOREIGN KEY ("eiban_wallet_id") REFERENCES "eiban_wallets"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_gateway_id_fkey" FOREIGN KEY ("gateway_id") REFERENCES "gateways"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transaction_events" ADD CONSTRAINT "transaction_events_transaction_id_fkey" FOREIGN KEY ("transaction_id") REFERENCES "transactions"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "callback_deliveries" ADD CONSTRAINT "callback_deliveries_transaction_id_fkey" FOREIGN KEY ("transaction_id") REFERENCES "transactions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "callback_deliveries" ADD CONSTRAINT "callback_deliveries_provider_id_fkey" FOREIGN KEY ("provider_id") REFERENCES "providers"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "callback_deliveries" ADD CONSTRAINT "callback_deliveries_dealer_id_fkey" FOREIGN KEY ("dealer_id") REFERENCES "dealers"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "callback_attempts" ADD CONSTRAINT "callback_attempts_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "callback_deliveries"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "blocked_customers" ADD CONSTRAINT "blocked_customers_provider_id_fkey" FOREIGN KEY ("provider_id") REFERENCES "providers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_user_id_fkey" FOREIGN KEY ("actor_user_id") REFERENCES "console_users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
