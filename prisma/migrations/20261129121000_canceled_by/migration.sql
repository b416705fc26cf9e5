-- Who made a transaction canceled: the contract sends a deposit that staff rejected, one its gateway declined
-- and one the customer canceled all as "canceled"; the console words them apart (rejected, declined, canceled)
-- and filters by those words, which reads this column instead of the history of every row.
ALTER TABLE "transactions" ADD COLUMN "canceled_by" "ActorType";

-- Transactions canceled before this column: the actor of their last move to canceled, from their history.
UPDATE "transactions" t
   SET "canceled_by" = e."actor_type"
  FROM (SELECT DISTINCT ON ("transaction_id") "transaction_id", "actor_type"
          FROM "transaction_events"
         WHERE "to_status" = 'canceled'
         ORDER BY "transaction_id", "id" DESC) e
 WHERE e."transaction_id" = t."id" AND t."status" = 'canceled';
