-- AlterTable
ALTER TABLE "transactions" ADD COLUMN     "offered_account_name" TEXT,
ADD COLUMN     "offered_bank_name" TEXT,
ADD COLUMN     "offered_iban" TEXT;

-- Open deposits keep showing the account they offered: fixed from the account as it reads now, before any
-- later edit can reach them. Closed ones keep reading their account (their page no longer asks for money).
UPDATE "transactions" AS t
SET "offered_iban" = a."iban", "offered_account_name" = a."account_name", "offered_bank_name" = a."bank_name"
FROM "bank_accounts" AS a
WHERE a."id" = t."bank_account_id" AND t."direction" = 'DEPOSIT' AND t."status" IN ('showing', 'pending') AND t."offered_iban" IS NULL;

UPDATE "transactions" AS t
SET "offered_iban" = w."iban", "offered_account_name" = w."account_name", "offered_bank_name" = w."bank_name"
FROM "eiban_wallets" AS w
WHERE w."id" = t."eiban_wallet_id" AND t."direction" = 'DEPOSIT' AND t."status" IN ('showing', 'pending') AND t."offered_iban" IS NULL;
