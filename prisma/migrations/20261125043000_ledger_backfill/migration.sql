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

-- The entries of one set (its lines before the accounts are looked up), for the sets of `ledger_money_events`.
CREATE FUNCTION ledger_backfill_lines(set_id BIGINT) RETURNS TABLE (account_key TEXT, kind "LedgerAccountKind", provider_id INTEGER, dealer_id INTEGER, line "LedgerLine", amount NUMERIC, fee_percent NUMERIC, fee_fixed NUMERIC, fee_schedule_id INTEGER)
LANGUAGE plpgsql STABLE AS $$
DECLARE
  s ledger_entry_sets%ROWTYPE;
  ev RECORD;
  f fee_schedules%ROWTYPE;
  owner_kind "LedgerAccountKind";
  sign NUMERIC;
  paid NUMERIC;
  before NUMERIC;
  fee RECORD;
  back NUMERIC;
BEGIN
  SELECT * INTO s FROM ledger_entry_sets WHERE id = set_id;
  owner_kind := CASE WHEN s.provider_id IS NULL THEN 'DEALER_OWN' ELSE 'PROVIDER_PAYABLE' END;
  IF s.kind = 'SEND_MONEY' THEN
    RETURN QUERY VALUES (ledger_account_key('DEALER_OWN', NULL, s.dealer_id), 'DEALER_OWN'::"LedgerAccountKind", NULL::int, s.dealer_id, 'AMOUNT'::"LedgerLine", s.amount, NULL::numeric, NULL::numeric, NULL::int),
                        (ledger_account_key('DEALER_CASH', NULL, s.dealer_id), 'DEALER_CASH', NULL, s.dealer_id, 'AMOUNT', -s.amount, NULL, NULL, NULL);
    RETURN;
  END IF;
  -- Money in (a deposit, a card payment) is a debit of the dealer's cash; money out (a withdrawal, a refund) a credit.
  sign := CASE WHEN s.kind IN ('DEPOSIT', 'CARD_PAYMENT') THEN 1 ELSE -1 END;
  RETURN QUERY VALUES (ledger_account_key('DEALER_CASH', NULL, s.dealer_id), 'DEALER_CASH'::"LedgerAccountKind", NULL::int, s.dealer_id, 'AMOUNT'::"LedgerLine", sign * s.amount, NULL::numeric, NULL::numeric, NULL::int),
                      (ledger_account_key(owner_kind::text, s.provider_id, s.dealer_id), owner_kind, s.provider_id, s.dealer_id, 'AMOUNT', -sign * s.amount, NULL, NULL, NULL);
  IF s.provider_id IS NULL THEN RETURN; END IF;
  IF s.kind = 'CARD_REFUND' THEN
    SELECT p.amount INTO paid FROM ledger_entry_sets p WHERE p.kind = 'CARD_PAYMENT' AND p.cause_id = s.transaction_id;
    IF paid IS NULL THEN RETURN; END IF;
    SELECT COALESCE(sum(r.amount), 0) INTO before FROM ledger_entry_sets r WHERE r.kind = 'CARD_REFUND' AND r.transaction_id = s.transaction_id AND r.id < s.id;
    FOR fee IN
      SELECT e.line, e.amount, e.fee_percent, e.fee_fixed, e.fee_schedule_id
      FROM ledger_entries e JOIN ledger_entry_sets p ON p.id = e.set_id JOIN ledger_accounts a ON a.id = e.account_id
      WHERE p.kind = 'CARD_PAYMENT' AND p.cause_id = s.transaction_id AND a.kind = 'PROVIDER_PAYABLE' AND e.line <> 'AMOUNT'
    LOOP
      back := CASE WHEN before + s.amount >= paid THEN fee.amount ELSE round(fee.amount * (before + s.amount) / paid, 2) END
            - CASE WHEN before >= paid THEN fee.amount ELSE round(fee.amount * before / paid, 2) END;
      RETURN QUERY VALUES
        (ledger_account_key('PROVIDER_PAYABLE', s.provider_id, s.dealer_id), 'PROVIDER_PAYABLE'::"LedgerAccountKind", s.provider_id, s.dealer_id, fee.line, -back, fee.fee_percent, fee.fee_fixed, fee.fee_schedule_id),
        (ledger_account_key(CASE WHEN fee.line = 'SERVICE_FEE' THEN 'SERVICE_FEES' ELSE 'DEALER_COMMISSION' END, s.provider_id, s.dealer_id),
         CASE WHEN fee.line = 'SERVICE_FEE' THEN 'SERVICE_FEES' ELSE 'DEALER_COMMISSION' END::"LedgerAccountKind", s.provider_id, s.dealer_id, fee.line, back, fee.fee_percent, fee.fee_fixed, fee.fee_schedule_id);
    END LOOP;
    RETURN;
  END IF;
  SELECT t.method, t.direction INTO ev FROM transactions t WHERE t.id = s.transaction_id;
  SELECT * INTO f FROM fee_schedules x
  WHERE x.provider_id = s.provider_id AND x.method = ev.method AND x.direction = ev.direction AND x.effective_from <= s.posted_at
  ORDER BY x.effective_from DESC LIMIT 1;
  IF f.id IS NULL THEN RETURN; END IF;
  RETURN QUERY VALUES
    (ledger_account_key('PROVIDER_PAYABLE', s.provider_id, s.dealer_id), 'PROVIDER_PAYABLE'::"LedgerAccountKind", s.provider_id, s.dealer_id, 'SERVICE_FEE'::"LedgerLine", round(s.amount * f.service_percent / 100, 2) + f.service_fixed, f.service_percent, f.service_fixed, f.id),
    (ledger_account_key('SERVICE_FEES', s.provider_id, s.dealer_id), 'SERVICE_FEES', s.provider_id, s.dealer_id, 'SERVICE_FEE', -(round(s.amount * f.service_percent / 100, 2) + f.service_fixed), f.service_percent, f.service_fixed, f.id),
    (ledger_account_key('PROVIDER_PAYABLE', s.provider_id, s.dealer_id), 'PROVIDER_PAYABLE', s.provider_id, s.dealer_id, 'DEALER_FEE', round(s.amount * f.dealer_percent / 100, 2) + f.dealer_fixed, f.dealer_percent, f.dealer_fixed, f.id),
    (ledger_account_key('DEALER_COMMISSION', s.provider_id, s.dealer_id), 'DEALER_COMMISSION', s.provider_id, s.dealer_id, 'DEALER_FEE', -(round(s.amount * f.dealer_percent / 100, 2) + f.dealer_fixed), f.dealer_percent, f.dealer_fixed, f.id);
END $$;

-- Posts what is missing: sets first (in the order the events happened, so refunds follow their payment),
-- then the entries of the sets it inserted. Returns how many sets it wrote.
CREATE FUNCTION ledger_backfill() RETURNS INTEGER LANGUAGE plpgsql AS $$
DECLARE
  first_id BIGINT;
  written INTEGER;
  s RECORD;
BEGIN
  SELECT COALESCE(max(id), 0) INTO first_id FROM ledger_entry_sets;
  INSERT INTO ledger_entry_sets (kind, cause_id, transaction_id, provider_id, dealer_id, amount, posted_at)
  SELECT e.kind, e.cause_id, e.transaction_id, e.provider_id, e.dealer_id, e.amount, e.posted_at
  FROM ledger_money_events() e
  WHERE e.amount > 0
  ORDER BY e.posted_at, CASE e.kind WHEN 'CARD_REFUND' THEN 1 ELSE 0 END, e.cause_id
  ON CONFLICT (kind, cause_id) DO NOTHING;
  GET DIAGNOSTICS written = ROW_COUNT;
  -- Set by set, in id order: a refund's lines read its payment's fee entries, written just before.
  FOR s IN SELECT x.id FROM ledger_entry_sets x WHERE x.id > first_id AND NOT EXISTS (SELECT 1 FROM ledger_entries y WHERE y.set_id = x.id) ORDER BY x.id LOOP
    INSERT INTO ledger_accounts (key, kind, provider_id, dealer_id)
    SELECT DISTINCT l.account_key, l.kind, l.provider_id, l.dealer_id FROM ledger_backfill_lines(s.id) l
    ON CONFLICT (key) DO NOTHING;
    INSERT INTO ledger_entries (set_id, account_id, line, amount, fee_percent, fee_fixed, fee_schedule_id)
    SELECT s.id, a.id, l.line, l.amount, l.fee_percent, l.fee_fixed, l.fee_schedule_id
    FROM ledger_backfill_lines(s.id) l JOIN ledger_accounts a ON a.key = l.account_key
    WHERE l.amount <> 0;
  END LOOP;
  RETURN written;
END $$;

SELECT ledger_backfill();
