-- CreateTable
CREATE TABLE "ledger_snapshots" (
    "account_id" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "balance" DECIMAL(18,2) NOT NULL,

    CONSTRAINT "ledger_snapshots_pkey" PRIMARY KEY ("account_id","day")
);

-- CreateTable
CREATE TABLE "ledger_closed_days" (
    "day" DATE NOT NULL,
    "ends_at" TIMESTAMPTZ(3) NOT NULL,
    "closed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ledger_closed_days_pkey" PRIMARY KEY ("day")
);

-- AddForeignKey
ALTER TABLE "ledger_snapshots" ADD CONSTRAINT "ledger_snapshots_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "ledger_accounts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Closes the days that are due (docs/ledger.md "Reading balances as of a moment"): from the day after the last
-- closed one (or the book's first day) to the day before the one `settle` ago in `zone`, at most `max_days`
-- a call. Each account that moved on a day gets that day's closing balance (the sum of its entries posted
-- before the day's end) as the previous snapshot plus the day's entries; every day closed gets a row in
-- ledger_closed_days, so they stay contiguous. One closer at a time (advisory lock 727002, also taken by a
-- back-dated posting): a busy lock answers -1 and the next round tries again. Returns how many days it closed.
CREATE FUNCTION ledger_close_days(as_of TIMESTAMPTZ, zone TEXT, settle INTERVAL, max_days INTEGER) RETURNS INTEGER LANGUAGE plpgsql AS $$
DECLARE
  first_day DATE;
  last_day DATE;
  range_from TIMESTAMPTZ;
  range_to TIMESTAMPTZ;
BEGIN
  IF NOT pg_try_advisory_xact_lock(727002) THEN RETURN -1; END IF;
  SELECT max(day) + 1 INTO first_day FROM ledger_closed_days;
  IF first_day IS NULL THEN
    SELECT (min(posted_at) AT TIME ZONE zone)::date INTO first_day FROM ledger_entry_sets;
    IF first_day IS NULL THEN RETURN 0; END IF;
  END IF;
  last_day := least(((as_of - settle) AT TIME ZONE zone)::date - 1, first_day + max_days - 1);
  IF last_day < first_day THEN RETURN 0; END IF;
  range_from := first_day::timestamp AT TIME ZONE zone;
  range_to := (last_day + 1)::timestamp AT TIME ZONE zone;
  -- Per account through the balance index (account_id, posted_at, ...), so a day's close reads that day only.
  INSERT INTO ledger_snapshots (account_id, day, balance)
  SELECT m.account_id, m.day, COALESCE(b.balance, 0) + sum(m.amount) OVER (PARTITION BY m.account_id ORDER BY m.day)
  FROM (
    SELECT a.id AS account_id, x.day, x.amount
    FROM ledger_accounts a CROSS JOIN LATERAL (
      SELECT (e.posted_at AT TIME ZONE zone)::date AS day, sum(e.amount) AS amount
      FROM ledger_entries e
      WHERE e.account_id = a.id AND e.posted_at >= range_from AND e.posted_at < range_to
      GROUP BY 1
    ) x
  ) m
  LEFT JOIN LATERAL (
    SELECT s.balance FROM ledger_snapshots s WHERE s.account_id = m.account_id AND s.day < first_day ORDER BY s.day DESC LIMIT 1
  ) b ON true
  ON CONFLICT DO NOTHING;
  INSERT INTO ledger_closed_days (day, ends_at)
  SELECT d::date, (d::date + 1)::timestamp AT TIME ZONE zone FROM generate_series(first_day, last_day, interval '1 day') d
  ON CONFLICT DO NOTHING;
  RETURN last_day - first_day + 1;
END $$;

-- A set posted at a given earlier time (the backfill, a test) may fall into a closed day: that day's snapshots
-- and all later ones are dropped, to be written again from the entries. A live posting carries its
-- transaction's own time (now()) and passes through without a lock; one posted back takes the closer's lock,
-- so no day is closed around entries that are not committed yet.
CREATE FUNCTION ledger_reopen_days() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  earliest TIMESTAMPTZ;
BEGIN
  SELECT min(posted_at) INTO earliest FROM new_sets;
  IF earliest IS NULL OR earliest >= now() THEN RETURN NULL; END IF;
  PERFORM pg_advisory_xact_lock(727002);
  DELETE FROM ledger_snapshots WHERE day >= (SELECT min(day) FROM ledger_closed_days WHERE ends_at > earliest);
  DELETE FROM ledger_closed_days WHERE ends_at > earliest;
  RETURN NULL;
END $$;
CREATE TRIGGER ledger_entry_sets_reopen_days AFTER INSERT ON "ledger_entry_sets"
  REFERENCING NEW TABLE AS new_sets FOR EACH STATEMENT EXECUTE FUNCTION ledger_reopen_days();
