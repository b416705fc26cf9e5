-- The card as the acquirer showed it in what it signed (brand and last four digits), for staff to recognise a
-- payment on its page. Two nullable columns: nothing is rewritten.
-- AlterTable
ALTER TABLE "card_attempts" ADD COLUMN     "card_brand" TEXT,
ADD COLUMN     "card_last4" TEXT;
