-- AlterTable
ALTER TABLE "alerts" ADD COLUMN     "message_key" TEXT,
ADD COLUMN     "message_params" JSONB;

-- AlterTable
ALTER TABLE "transaction_events" ADD COLUMN     "note_key" TEXT,
ADD COLUMN     "note_params" JSONB;

-- Backfill: history notes written before notes were keyed, recognised by their English wording, get the
-- key and parameters of lib/base/messages/notes.ts. A note of no known form keeps only its text, which
-- readers show as stored.
CREATE FUNCTION pg_temp.keyed_note(note TEXT) RETURNS TABLE (key TEXT, params JSONB) LANGUAGE plpgsql AS $$
DECLARE m TEXT[];
BEGIN
  IF note = 'Created' THEN RETURN QUERY SELECT 'created', '{}'::jsonb; RETURN; END IF;
  IF note = 'Expired: the payment page was not completed in time' THEN RETURN QUERY SELECT 'expiredDeposit', '{}'::jsonb; RETURN; END IF;
  IF note = 'Canceled: never handed to the gateway before expires_at' THEN RETURN QUERY SELECT 'expiredWithdrawal', '{}'::jsonb; RETURN; END IF;
  IF note = 'Failed: not completed within 15 minutes' THEN RETURN QUERY SELECT 'expiredCard', '{}'::jsonb; RETURN; END IF;
  IF note = 'The customer says the money was sent' THEN RETURN QUERY SELECT 'customerSent', '{}'::jsonb; RETURN; END IF;
  IF note = 'Cancelled by the customer' THEN RETURN QUERY SELECT 'customerCancelled', '{}'::jsonb; RETURN; END IF;
  IF note = 'Approved' THEN RETURN QUERY SELECT 'approved', '{}'::jsonb; RETURN; END IF;
  IF note = 'The customer says the money was sent after the deposit expired' THEN RETURN QUERY SELECT 'sentAfterExpiry', '{}'::jsonb; RETURN; END IF;
  IF note = 'Taken' THEN RETURN QUERY SELECT 'taken', '{}'::jsonb; RETURN; END IF;
  IF note = 'Handed to the gateway' THEN RETURN QUERY SELECT 'handedToGateway', '{}'::jsonb; RETURN; END IF;
  IF note = 'Sent to the bank' THEN RETURN QUERY SELECT 'sentToBank', '{}'::jsonb; RETURN; END IF;
  m := regexp_match(note, '^Amount changed from (\d+\.\d{2}) to (\d+\.\d{2})$');
  IF m IS NOT NULL THEN RETURN QUERY SELECT 'amountChanged', jsonb_build_object('previous', m[1], 'amount', m[2]); RETURN; END IF;
  m := regexp_match(note, '^Approved by the acquirer(?:, auth code (.+))?$');
  IF m IS NOT NULL THEN RETURN QUERY SELECT 'acquirerApproved', jsonb_strip_nulls(jsonb_build_object('authCode', m[1])); RETURN; END IF;
  m := regexp_match(note, '^Second approval requested by (.+?): ([a-z]+) with (\d+\.\d{2})(?:, bank reference (.+))?$');
  IF m IS NOT NULL THEN RETURN QUERY SELECT 'proposed', jsonb_strip_nulls(jsonb_build_object('proposer', m[1], 'status', m[2], 'amount', m[3], 'reference', m[4])); RETURN; END IF;
  m := regexp_match(note, '^Approved by (.+?), confirmed by (.+?), with the received amount (\d+\.\d{2}) \(requested (\d+\.\d{2})\)(?:, bank reference ([^:]+))?(?:: (.*))?$');
  IF m IS NOT NULL THEN RETURN QUERY SELECT 'confirmedByTwo', jsonb_strip_nulls(jsonb_build_object('proposer', m[1], 'confirmer', m[2], 'received', m[3], 'requested', m[4], 'reference', m[5], 'reason', m[6])); RETURN; END IF;
  m := regexp_match(note, '^Second approval declined by (.+?)(?:: (.*))?$');
  IF m IS NOT NULL THEN RETURN QUERY SELECT 'declinedSecond', jsonb_strip_nulls(jsonb_build_object('who', m[1], 'reason', m[2])); RETURN; END IF;
  m := regexp_match(note, '^Approved with the received amount (\d+\.\d{2}) \(requested (\d+\.\d{2})\)(?:: (.*))?$');
  IF m IS NOT NULL THEN RETURN QUERY SELECT 'approvedAmount', jsonb_strip_nulls(jsonb_build_object('received', m[1], 'requested', m[2], 'reason', m[3])); RETURN; END IF;
  m := regexp_match(note, '^(Paid out|Rejected|Failed|Canceled|Refunded)(?:: (.*))?$');
  IF m IS NOT NULL THEN
    RETURN QUERY SELECT CASE m[1] WHEN 'Paid out' THEN 'paidOut' ELSE lower(m[1]) END, jsonb_strip_nulls(jsonb_build_object('reason', m[2])); RETURN;
  END IF;
  m := regexp_match(note, '^Partial refund (\d+\.\d{2}) approved by the acquirer(?:: (.*))?$');
  IF m IS NOT NULL THEN RETURN QUERY SELECT 'partialRefund', jsonb_strip_nulls(jsonb_build_object('amount', m[1], 'reason', m[2])); RETURN; END IF;
  m := regexp_match(note, '^Matched by hand to payment (\S+) from (.*)$');
  IF m IS NOT NULL THEN RETURN QUERY SELECT 'matchedByHand', jsonb_build_object('payment', m[1], 'sender', m[2]); RETURN; END IF;
  m := regexp_match(note, '^Matched to incoming payment (\S+) from (.*)$');
  IF m IS NOT NULL THEN RETURN QUERY SELECT 'matched', jsonb_build_object('payment', m[1], 'sender', m[2]); RETURN; END IF;
  m := regexp_match(note, '^Gateway: ([a-z]+)(?:, (.*))?$');
  IF m IS NOT NULL THEN RETURN QUERY SELECT 'gateway', jsonb_strip_nulls(jsonb_build_object('status', m[1], 'reason', m[2])); RETURN; END IF;
  m := regexp_match(note, '^Refused by (.+?): (.*)$');
  IF m IS NOT NULL THEN RETURN QUERY SELECT 'refusedBy', jsonb_build_object('gateway', m[1], 'message', m[2]); RETURN; END IF;
  m := regexp_match(note, '^The customer chose (.+?)(?: \(([^)]+)\))?; it issued payment details$');
  IF m IS NOT NULL THEN RETURN QUERY SELECT 'customerChose', jsonb_strip_nulls(jsonb_build_object('gateway', m[1], 'coin', m[2])); RETURN; END IF;
  m := regexp_match(note, '^Sent by the bank, reference (.+)$');
  IF m IS NOT NULL THEN RETURN QUERY SELECT 'bankSent', jsonb_build_object('reference', m[1]); RETURN; END IF;
  m := regexp_match(note, '^The bank refused the transfer: (.*)$');
  IF m IS NOT NULL THEN RETURN QUERY SELECT 'bankRefused', jsonb_build_object('reason', m[1]); RETURN; END IF;
  m := regexp_match(note, '^the acquirer approved the payment after it had failed \((.+)\); refund the charge\.$');
  IF m IS NOT NULL THEN RETURN QUERY SELECT 'lateApproval', jsonb_build_object('code', m[1]); RETURN; END IF;
END $$;

UPDATE "transaction_events" e SET "note_key" = k.key, "note_params" = k.params
FROM "transaction_events" s CROSS JOIN LATERAL pg_temp.keyed_note(s."note") k
WHERE e."id" = s."id" AND s."note" IS NOT NULL AND s."note_key" IS NULL;

-- Alerts read "<tracking code>: <note>"; the note part is keyed the same way.
UPDATE "alerts" a SET "message_key" = k.key, "message_params" = k.params
FROM "alerts" s JOIN "transactions" t ON t."id" = s."transaction_id"
CROSS JOIN LATERAL pg_temp.keyed_note(substr(s."message", length(t."tracking_code") + 3)) k
WHERE a."id" = s."id" AND s."message" LIKE t."tracking_code" || ': %' AND s."message_key" IS NULL;
