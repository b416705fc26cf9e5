-- CreateTable
CREATE TABLE "sandbox_acquirer_sessions" (
    "id" TEXT NOT NULL,
    "order_id" TEXT NOT NULL,
    "amount" DECIMAL(18,2) NOT NULL,
    "currency" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "merchant" TEXT NOT NULL,
    "return_url" TEXT NOT NULL,
    "notify_url" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open',
    "card_last4" TEXT,
    "card_brand" TEXT,
    "test_card" TEXT,
    "error_code" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "sandbox_acquirer_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "sandbox_acquirer_sessions_order_id_key" ON "sandbox_acquirer_sessions"("order_id");
