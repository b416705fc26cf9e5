-- The acquirer's id of the charge that paid a card payment (iyzico's paymentId): a second approval of the same
-- order naming another charge is a second charge, recorded and raised for a refund, never taken for a repeat.
ALTER TABLE "transactions" ADD COLUMN     "charge_reference" TEXT;
