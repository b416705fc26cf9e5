-- The ledger's entry sets for the money events that completed before it existed (docs/ledger.md "Backfill"),
-- with the same arithmetic as lib/domain/ledger (fees half-up to the cent: round(numeric, 2) on positive
-- amounts; refunds reverse their payment's fees in proportion of what is refunded so far). Idempotent: every
-- set is inserted ON CONFLICT (kind, cause_id) DO NOTHING, and entries are written only for the sets this
-- run inserted. Kept as a function, so `SELECT ledger_backfill()` can be run again (after a rolling upgrade).

-- Every money event the book should hold, from the tables of the events themselves.
CREATE FUNCTION ledger_money_events() RETURNS TABLE (
  kind "LedgerEventKind", cause_id INTEGER, transaction_id INTEGER, provider_id INTEGER, dealer_id INTEGER,
  amount NUMERIC, posted_at TIMESTAMPTZ, method "PaymentMethod", direction "Direction"
) LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN t.method = 'CREDIT_CARD' THEN 'CARD_PAYMENT' WHEN t.direction = 'DEPOSIT' THEN 'DEPOSIT' ELSE 'WITHDRAWAL' END::"LedgerEventKind",
         t.id, t.id, t.provider_id, t.dealer_id, COALESCE(t.final_amount, t.amount), COALESCE(t.completed_at, t.updated_at), t.method, t.direction
  FROM transactions t
  WHERE (t.status = 'completed' AND t.direction IN ('DEPOSIT', 'WITHDRAWAL')) OR (t.method = 'CREDIT_CARD' AND t.status IN ('success', 'refunded'))
  UNION ALL
  SELECT 'CARD_REFUND', r.id, t.id, t.provider_id, t.dealer_id, r.amount, r.updated_at, t.method, t.direction
  FROM card_refunds r JOIN transactions t ON t.id = r.transaction_id
  WHERE r.status = 'approved'
  UNION ALL
  SELECT 'SEND_MONEY', x.id, NULL, NULL, x.dealer_id, x.amount, COALESCE(x.completed_at, x.updated_at), 'EIBAN', 'WITHDRAWAL'
  FROM transfers x
  WHERE x.status = 'completed' AND x.transaction_id IS NULL
$$;

CREATE FUNCTION ledger_account_key(kind TEXT, provider_id INTEGER, dealer_id INTEGER) RETURNS TEXT LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN provider_id IS NULL THEN kind || ':d' || dealer_id ELSE kind || ':p' || provider_id || ':d' || dealer_id END
$$;

-- The lines of the unposted sets after `first_id` that are not refunds, set by set in one query (a million
-- transactions backfill in one pass): the gross amount between the dealer's cash and the money's owner, and
-- the fee lines of the schedule in force at the set's time. Each line names its account by key.
CREATE FUNCTION ledger_backfill_lines(first_id BIGINT) RETURNS TABLE (
  set_id BIGINT, account_key TEXT, kind "LedgerAccountKind", provider_id INTEGER, dealer_id INTEGER,
  line "LedgerLine", amount NUMERIC, fee_percent NUMERIC, fee_fixed NUMERIC, fee_schedule_id INTEGER
) LANGUAGE sql STABLE AS $$
  WITH s AS (
    SELECT x.id, x.kind, x.provider_id, x.dealer_id, x.amount, x.posted_at, t.method, t.direction,
           -- Money in (a deposit, a card payment) is a debit of the dealer's cash; money out a credit.
           CASE WHEN x.kind IN ('DEPOSIT', 'CARD_PAYMENT') THEN 1 ELSE -1 END AS sign,
           CASE WHEN x.provider_id IS NULL THEN 'DEALER_OWN' ELSE 'PROVIDER_PAYABLE' END::"LedgerAccountKind" AS owner_kind
    FROM ledger_entry_sets x LEFT JOIN transactions t ON t.id = x.transaction_id
    WHERE x.id > first_id AND x.kind IN ('DEPOSIT', 'WITHDRAWAL', 'CARD_PAYMENT', 'SEND_MONEY')
      AND NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.set_id = x.id)
  ), f AS (
    SELECT s.id, s.provider_id, s.dealer_id, fs.id AS schedule_id,
           round(s.amount * fs.service_percent / 100, 2) + fs.service_fixed AS service_fee, fs.service_percent, fs.service_fixed,
           round(s.amount * fs.dealer_percent / 100, 2) + fs.dealer_fixed AS dealer_fee, fs.dealer_percent, fs.dealer_fixed
    FROM s CROSS JOIN LATERAL (
      SELECT * FROM fee_schedules x
      WHERE x.provider_id = s.provider_id AND x.method = s.method AND x.direction = s.direction AND x.effective_from <= s.posted_at
      ORDER BY x.effective_from DESC LIMIT 1
    ) fs
    WHERE s.provider_id IS NOT NULL AND s.kind <> 'SEND_MONEY'
  )
  SELECT s.id, ledger_account_key('DEALER_CASH', NULL, s.dealer_id), 'DEALER_CASH'::"LedgerAccountKind", NULL::int, s.dealer_id, 'AMOUNT'::"LedgerLine", s.sign * s.amount, NULL::numeric, NULL::numeric, NULL::int FROM s
  UNION ALL
  SELECT s.id, ledger_account_key(s.owner_kind::text, s.provider_id, s.dealer_id), s.owner_kind, s.provider_id, s.dealer_id, 'AMOUNT', -s.sign * s.amount, NULL, NULL, NULL FROM s
  UNION ALL
  SELECT f.id, ledger_account_key('PROVIDER_PAYABLE', f.provider_id, f.dealer_id), 'PROVIDER_PAYABLE', f.provider_id, f.dealer_id, 'SERVICE_FEE', f.service_fee, f.service_percent, f.service_fixed, f.schedule_id FROM f
  UNION ALL
  SELECT f.id, ledger_account_key('SERVICE_FEES', f.provider_id, f.dealer_id), 'SERVICE_FEES', f.provider_id, f.dealer_id, 'SERVICE_FEE', -f.service_fee, f.service_percent, f.service_fixed, f.schedule_id FROM f
  UNION ALL
  SELECT f.id, ledger_account_key('PROVIDER_PAYABLE', f.provider_id, f.dealer_id), 'PROVIDER_PAYABLE', f.provider_id, f.dealer_id, 'DEALER_FEE', f.dealer_fee, f.dealer_percent, f.dealer_fixed, f.schedule_id FROM f
  UNION ALL
  SELECT f.id, ledger_account_key('DEALER_COMMISSION', f.provider_id, f.dealer_id), 'DEALER_COMMISSION', f.provider_id, f.dealer_id, 'DEALER_FEE', -f.dealer_fee, f.dealer_percent, f.dealer_fixed, f.schedule_id FROM f
$$;

-- The lines of one refund's set: the refunded amount back out of the dealer's cash, and each fee part of its
-- payment's set reversed in proportion of what is refunded so far (exactly the fee once all is refunded).
CREATE FUNCTION ledger_backfill_refund_lines(refund_set_id BIGINT) RETURNS TABLE (
  set_id BIGINT, account_key TEXT, kind "LedgerAccountKind", provider_id INTEGER, dealer_id INTEGER,
  line "LedgerLine", amount NUMERIC, fee_percent NUMERIC, fee_fixed NUMERIC, fee_schedule_id INTEGER
) LANGUAGE sql STABLE AS $$
  WITH s AS (
    SELECT x.*, CASE WHEN x.provider_id IS NULL THEN 'DEALER_OWN' ELSE 'PROVIDER_PAYABLE' END::"LedgerAccountKind" AS owner_kind,
           (SELECT p.amount FROM ledger_entry_sets p WHERE p.kind = 'CARD_PAYMENT' AND p.cause_id = x.transaction_id) AS paid,
           (SELECT COALESCE(sum(r.amount), 0) FROM ledger_entry_sets r WHERE r.kind = 'CARD_REFUND' AND r.transaction_id = x.transaction_id AND r.id < x.id) AS before
    FROM ledger_entry_sets x WHERE x.id = refund_set_id
  ), fees AS (
    SELECT s.id, s.provider_id, s.dealer_id, e.line, e.fee_percent, e.fee_fixed, e.fee_schedule_id,
           CASE WHEN s.before + s.amount >= s.paid THEN e.amount ELSE round(e.amount * (s.before + s.amount) / s.paid, 2) END
         - CASE WHEN s.before >= s.paid THEN e.amount ELSE round(e.amount * s.before / s.paid, 2) END AS back
    FROM s
    JOIN ledger_entry_sets p ON p.kind = 'CARD_PAYMENT' AND p.cause_id = s.transaction_id
    JOIN ledger_entries e ON e.set_id = p.id AND e.line <> 'AMOUNT'
    JOIN ledger_accounts a ON a.id = e.account_id AND a.kind = 'PROVIDER_PAYABLE'
    WHERE s.provider_id IS NOT NULL
  )
  SELECT s.id, ledger_account_key('DEALER_CASH', NULL, s.dealer_id), 'DEALER_CASH'::"LedgerAccountKind", NULL::int, s.dealer_id, 'AMOUNT'::"LedgerLine", -s.amount, NULL::numeric, NULL::numeric, NULL::int FROM s
  UNION ALL
  SELECT s.id, ledger_account_key(s.owner_kind::text, s.provider_id, s.dealer_id), s.owner_kind, s.provider_id, s.dealer_id, 'AMOUNT', s.amount, NULL, NULL, NULL FROM s
  UNION ALL
  SELECT f.id, ledger_account_key('PROVIDER_PAYABLE', f.provider_id, f.dealer_id), 'PROVIDER_PAYABLE', f.provider_id, f.dealer_id, f.line, -f.back, f.fee_percent, f.fee_fixed, f.fee_schedule_id FROM fees f
  UNION ALL
  SELECT f.id, ledger_account_key(CASE WHEN f.line = 'SERVICE_FEE' THEN 'SERVICE_FEES' ELSE 'DEALER_COMMISSION' END, f.provider_id, f.dealer_id),
         CASE WHEN f.line = 'SERVICE_FEE' THEN 'SERVICE_FEES' ELSE 'DEALER_COMMISSION' END::"LedgerAccountKind", f.provider_id, f.dealer_id, f.line, f.back, f.fee_percent, f.fee_fixed, f.fee_schedule_id FROM fees f
$$;

-- Writes the batch's lines: their accounts first (created on first use), then the entries.
CREATE FUNCTION ledger_backfill_write() RETURNS VOID LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_accounts (key, kind, provider_id, dealer_id)
  SELECT DISTINCT b.account_key, b.kind, b.provider_id, b.dealer_id FROM ledger_backfill_batch b ORDER BY 1
  ON CONFLICT (key) DO NOTHING;
  INSERT INTO ledger_entries (set_id, account_id, line, amount, fee_percent, fee_fixed, fee_schedule_id)
  SELECT b.set_id, a.id, b.line, b.amount, b.fee_percent, b.fee_fixed, b.fee_schedule_id
  FROM ledger_backfill_batch b JOIN ledger_accounts a ON a.key = b.account_key;
END $$;

-- Posts what is missing: the sets first (ON CONFLICT: never a second one), then the entries of the sets it
-- inserted, all transaction events and transfers in one pass, then the refunds one by one in order (each
-- reads its payment's fee entries and the refunds before it). Returns how many sets it wrote.
CREATE FUNCTION ledger_backfill() RETURNS INTEGER LANGUAGE plpgsql AS $$
DECLARE
  first_id BIGINT;
  written INTEGER;
  r RECORD;
BEGIN
  SELECT COALESCE(max(id), 0) INTO first_id FROM ledger_entry_sets;
  INSERT INTO ledger_entry_sets (kind, cause_id, transaction_id, provider_id, dealer_id, amount, posted_at)
  SELECT e.kind, e.cause_id, e.transaction_id, e.provider_id, e.dealer_id, e.amount, e.posted_at
  FROM ledger_money_events() e
  WHERE e.amount > 0
  ORDER BY e.posted_at, CASE e.kind WHEN 'CARD_REFUND' THEN 1 ELSE 0 END, e.cause_id
  ON CONFLICT (kind, cause_id) DO NOTHING;
  GET DIAGNOSTICS written = ROW_COUNT;
  IF written = 0 THEN RETURN 0; END IF;
  CREATE TEMP TABLE IF NOT EXISTS ledger_backfill_batch (
    set_id BIGINT, account_key TEXT, kind "LedgerAccountKind", provider_id INTEGER, dealer_id INTEGER,
    line "LedgerLine", amount NUMERIC, fee_percent NUMERIC, fee_fixed NUMERIC, fee_schedule_id INTEGER
  ) ON COMMIT DROP;
  TRUNCATE ledger_backfill_batch;
  INSERT INTO ledger_backfill_batch (set_id, account_key, kind, provider_id, dealer_id, line, amount, fee_percent, fee_fixed, fee_schedule_id)
  SELECT l.set_id, l.account_key, l.kind, l.provider_id, l.dealer_id, l.line, l.amount, l.fee_percent, l.fee_fixed, l.fee_schedule_id
  FROM ledger_backfill_lines(first_id) l WHERE l.amount <> 0;
  PERFORM ledger_backfill_write();
  FOR r IN SELECT x.id FROM ledger_entry_sets x WHERE x.id > first_id AND x.kind = 'CARD_REFUND' AND NOT EXISTS (SELECT 1 FROM ledger_entries y WHERE y.set_id = x.id) ORDER BY x.id LOOP
    TRUNCATE ledger_backfill_batch;
    INSERT INTO ledger_backfill_batch (set_id, account_key, kind, provider_id, dealer_id, line, amount, fee_percent, fee_fixed, fee_schedule_id)
    SELECT l.set_id, l.account_key, l.kind, l.provider_id, l.dealer_id, l.line, l.amount, l.fee_percent, l.fee_fixed, l.fee_schedule_id
    FROM ledger_backfill_refund_lines(r.id) l WHERE l.amount <> 0;
    PERFORM ledger_backfill_write();
  END LOOP;
  RETURN written;
END $$;

SELECT ledger_backfill();
