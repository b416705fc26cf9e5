-- CreateTable
CREATE TABLE "sandbox_gateway_orders" (
    "reference" TEXT NOT NULL,
    "gateway_code" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "client_ref" TEXT NOT NULL,
    "amount" DECIMAL(18,2) NOT NULL,
    "details" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "notify_url" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "sandbox_gateway_orders_pkey" PRIMARY KEY ("reference")
);

-- CreateIndex
CREATE INDEX "sandbox_gateway_orders_status_idx" ON "sandbox_gateway_orders"("status");

-- CreateIndex
CREATE UNIQUE INDEX "sandbox_gateway_orders_gateway_code_kind_client_ref_key" ON "sandbox_gateway_orders"("gateway_code", "kind", "client_ref");
