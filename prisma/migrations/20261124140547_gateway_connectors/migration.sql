-- AlterTable
ALTER TABLE "eiban_wallets" ADD COLUMN     "connector" TEXT,
ADD COLUMN     "connector_config" JSONB,
ADD COLUMN     "statement_cursor" TEXT,
ADD COLUMN     "statement_polled_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "gateways" ADD COLUMN     "former_codes" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "previous_config" JSONB,
ADD COLUMN     "previous_config_until" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "transactions" ADD COLUMN     "gateway_accepted_at" TIMESTAMPTZ(3),
ADD COLUMN     "gateway_attempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "gateway_inquired_at" TIMESTAMPTZ(3),
ADD COLUMN     "gateway_next_attempt_at" TIMESTAMPTZ(3);

-- The built-in sandbox gateways become the http-partner connector pointed at this service (a path,
-- resolved against PUBLIC_BASE_URL), the gateway's id as merchant id, its existing secret as the
-- connector's sealed secret (the same AES-256-GCM box).
UPDATE "gateways"
SET "adapter" = 'http-partner',
    "config" = jsonb_build_object(
      'connector', 'http-partner',
      'values', jsonb_build_object('baseUrl', '/sandbox/gateways/api', 'merchantId', "id"::text, 'timeoutMs', 10000),
      'sealed', jsonb_build_object('secret', "webhook_secret_enc"))
WHERE "adapter" = 'sandbox' AND "webhook_secret_enc" IS NOT NULL AND "config" IS NULL;
