/**
 * The bench's data at scale: `count` transactions (about 2.2 per transaction in history rows, one callback
 * delivery per finished provider transaction) and 200k E-IBAN statement lines for the bench tenant, made
 * with generate_series in a few statements, then their ledger (the backfill, with fees) and its snapshots. Spread over 90 days, newest last (ids grow with time, as the
 * app writes them); a realistic backlog of open manual and E-IBAN work for the approvals queue; no callback
 * due, so the job runner stays idle while the pages are timed.
 */
import pg from "pg";

export type ScaleTenant = {
  providerId: number;
  siteId: number;
  dealerId: number;
  bankAccountId: number;
  walletId: number;
  gatewayIds: { bank: number; crypto: number; wallet: number };
};

const OPEN_ITEMS = 400;
const BANK_LINES = 200_000;
const DAYS = 90;

const TRANSACTIONS = `
INSERT INTO transactions (id, tracking_code, method, direction, origin, status, provider_id, site_id, dealer_id, user_id, username, fullname,
  email, amount, final_amount, currency, iban, recipient_name, bank_account_id, eiban_wallet_id, gateway_id, order_id, error_code,
  expires_at, completed_at, created_at, updated_at)
SELECT $1::int + i, prefix || '-G' || lpad(($1::int + i)::text, 7, '0') || '-' || extract(epoch FROM created)::bigint, method,
  direction::"Direction", 'PROVIDER', status::"TransactionStatus", $3, $4, $5, 'u' || (i % 100000), 'user' || (i % 100000),
  (ARRAY['Ayşe','Mehmet','Zeynep','Mustafa','Elif','Ahmet','Fatma','Emre','Hülya','Can'])[1 + i % 10] || ' ' ||
  (ARRAY['Yılmaz','Kaya','Demir','Şahin','Çelik','Yıldız','Aydın','Öztürk','Arslan','Doğan'])[1 + (i / 10) % 10],
  'user' || (i % 100000) || '@example.com', amount, CASE WHEN status IN ('completed','success') THEN amount END, 'TRY',
  CASE WHEN direction = 'WITHDRAWAL' THEN 'TR' || lpad((i % 1000000)::text, 24, '0') END,
  CASE WHEN direction = 'WITHDRAWAL' THEN 'Customer ' || (i % 100000) END,
  CASE WHEN method = 'MANUAL_BANK' AND direction = 'DEPOSIT' THEN $6::int END, CASE WHEN method = 'EIBAN' THEN $7::int END,
  CASE method WHEN 'TP_BANK' THEN $8::int WHEN 'TP_CRYPTO' THEN $9::int WHEN 'TP_WALLET' THEN $10::int END,
  CASE WHEN method = 'CREDIT_CARD' THEN 'ORD-G' || lpad(($1::int + i)::text, 10, '0') END, CASE WHEN status = 'failed' AND method = 'CREDIT_CARD' THEN 'DECLINED' END,
  created + interval '30 minutes', CASE WHEN status IN ('completed','success','refunded') THEN created + interval '5 minutes' END, created, created
FROM (
  SELECT i, created, method, direction, amount,
    CASE
      WHEN open AND direction = 'DEPOSIT' THEN 'pending'
      WHEN open THEN (ARRAY['pending','processing'])[1 + i % 2]
      WHEN direction = 'DEPOSIT' THEN CASE WHEN r < 82 THEN 'completed' WHEN r < 92 THEN 'expired' ELSE 'canceled' END
      WHEN direction = 'WITHDRAWAL' THEN CASE WHEN r < 88 THEN 'completed' WHEN r < 94 THEN 'rejected' ELSE 'failed' END
      ELSE CASE WHEN r < 80 THEN 'success' WHEN r < 95 THEN 'failed' WHEN r < 97 THEN 'refunded' ELSE 'cancelled' END
    END AS status,
    CASE method WHEN 'MANUAL_BANK' THEN CASE direction WHEN 'DEPOSIT' THEN 'MAN' ELSE 'WIT' END
      WHEN 'EIBAN' THEN CASE direction WHEN 'DEPOSIT' THEN 'EIBAN' ELSE 'EIBAN-WIT' END
      WHEN 'CREDIT_CARD' THEN 'CC' WHEN 'TP_BANK' THEN 'TPB' WHEN 'TP_CRYPTO' THEN 'TPC' ELSE 'TPW' END AS prefix
  FROM (
    SELECT i, r, created, amount, method,
      CASE WHEN method = 'CREDIT_CARD' THEN 'PAYMENT' WHEN (i / 20) % 10 < 3 THEN 'WITHDRAWAL' ELSE 'DEPOSIT' END AS direction,
      -- The backlog staff work on: the newest manual and E-IBAN rows.
      i > $2::int - ${OPEN_ITEMS} AND method IN ('MANUAL_BANK', 'EIBAN') AS open
    FROM (
      SELECT i, (i * 7) % 100 AS r, now() - interval '${DAYS} days' + make_interval(secs => i * ${DAYS}.0 * 86400 / $2::int) AS created,
        ((i * 7919) % 99000 + 1000) / 100.0 AS amount,
        CASE WHEN i % 20 < 7 THEN 'MANUAL_BANK' WHEN i % 20 < 12 THEN 'EIBAN' WHEN i % 20 < 16 THEN 'CREDIT_CARD'
             WHEN i % 20 < 18 THEN 'TP_BANK' WHEN i % 20 < 19 THEN 'TP_CRYPTO' ELSE 'TP_WALLET' END AS method
      FROM generate_series(1, $2::bigint) AS i) a) b) c`;

const EVENTS = `
INSERT INTO transaction_events (transaction_id, from_status, to_status, actor_type, actor_id, note, created_at)
SELECT id, NULL::"TransactionStatus", CASE WHEN direction = 'DEPOSIT' AND method NOT IN ('MANUAL_BANK', 'EIBAN') THEN 'showing' ELSE 'pending' END::"TransactionStatus",
  'API'::"ActorType", 'provider:' || provider_id, 'Created', created_at FROM transactions WHERE id > $1
UNION ALL
SELECT id, 'showing'::"TransactionStatus", 'pending'::"TransactionStatus", 'CUSTOMER'::"ActorType", NULL, 'The customer says the money was sent', created_at + interval '2 minutes'
  FROM transactions WHERE id > $1 AND direction = 'DEPOSIT' AND id % 5 = 0
UNION ALL
SELECT id, 'pending'::"TransactionStatus", status, CASE WHEN status IN ('expired', 'cancelled') THEN 'SYSTEM' ELSE 'CONSOLE_USER' END::"ActorType", NULL, 'Decided',
  created_at + interval '5 minutes' FROM transactions WHERE id > $1 AND status NOT IN ('pending', 'processing', 'showing')`;

const DELIVERIES = `
INSERT INTO callback_deliveries (kind, transaction_id, provider_id, url, tracking_code, status, payload, state, attempt_count, next_attempt_at,
  delivered_at, created_at, updated_at)
SELECT CASE direction WHEN 'DEPOSIT' THEN 'PROVIDER_DEPOSIT' WHEN 'WITHDRAWAL' THEN 'PROVIDER_WITHDRAWAL' ELSE 'PROVIDER_CARD' END::"CallbackKind",
  id, provider_id, 'https://receiver.example/callbacks', tracking_code, status::text,
  json_build_object('tracking_code', tracking_code, 'status', status, 'amount', amount::text),
  CASE WHEN id % 200 = 0 THEN 'EXHAUSTED' WHEN id % 200 = 1 THEN 'PENDING' ELSE 'DELIVERED' END::"DeliveryState",
  CASE WHEN id % 200 = 0 THEN 9 ELSE 1 END,
  -- Retries waiting for their time: none falls due while the bench runs.
  CASE WHEN id % 200 = 1 THEN now() + interval '6 hours' ELSE created_at + interval '5 minutes' END,
  CASE WHEN id % 200 > 1 THEN created_at + interval '5 minutes' END, created_at + interval '5 minutes', created_at + interval '5 minutes'
FROM transactions WHERE id > $1 AND status NOT IN ('pending', 'processing', 'showing')`;

const BANK_LINES_SQL = `
WITH deposits AS (
  SELECT id, row_number() OVER (ORDER BY id) AS n FROM transactions
  WHERE id > $1 AND method = 'EIBAN' AND direction = 'DEPOSIT' AND status = 'completed'),
lines AS (
  -- Most incoming lines are matched to a completed E-IBAN deposit; one in fifty is waiting for staff.
  SELECT i, incoming, CASE WHEN matchable THEN row_number() OVER (PARTITION BY matchable ORDER BY i) END AS n
  FROM (SELECT i, i % 10 < 7 AS incoming, i % 10 < 7 AND i % 50 <> 0 AS matchable FROM generate_series(1, ${BANK_LINES}) AS i) x)
INSERT INTO eiban_transactions (wallet_id, external_id, direction, amount, description, sender_name, sender_iban, occurred_at, matched_transaction_id, created_at)
SELECT $2, 'GEN-' || i, CASE WHEN incoming THEN 'incoming' ELSE 'outgoing' END, ((i * 7919) % 99000 + 1000) / 100.0, 'Havale ' || i,
  'Sender ' || (i % 5000), 'TR' || lpad((i % 5000)::text, 24, '0'),
  now() - interval '${DAYS} days' + make_interval(secs => i * ${DAYS}.0 * 86400 / ${BANK_LINES}), deposits.id,
  now() - interval '${DAYS} days' + make_interval(secs => i * ${DAYS}.0 * 86400 / ${BANK_LINES})
FROM lines LEFT JOIN deposits ON lines.incoming AND deposits.n = lines.n`;

/** The worked example's rates (docs/ledger.md) for the bench provider, in force before the first transaction. */
const FEE_SCHEDULES = `
INSERT INTO fee_schedules (provider_id, method, direction, effective_from, service_percent, service_fixed, dealer_percent, dealer_fixed, created_by)
SELECT $1, method, direction::"Direction", now() - interval '${DAYS + 10} days', sp, sf, dp, 0, 'bench'
FROM (VALUES ('MANUAL_BANK', 'DEPOSIT', 1.5, 1.00, 0.5), ('MANUAL_BANK', 'WITHDRAWAL', 0.75, 2.00, 0.25), ('EIBAN', 'DEPOSIT', 1.5, 1.00, 0.5),
             ('EIBAN', 'WITHDRAWAL', 0.75, 2.00, 0.25), ('CREDIT_CARD', 'PAYMENT', 2.9, 0.25, 0.6)) AS f (method, direction, sp, sf, dp)
ON CONFLICT DO NOTHING`;

/**
 * The ledger's daily snapshots, as the housekeeping task writes them (lib/domain/ledger/snapshots.ts). The
 * server's own runner may be closing the same days: a busy answer waits for it, so the time is the work's.
 */
async function closeLedgerDays(client: pg.Client): Promise<void> {
  for (;;) {
    const { rows } = await client.query<{ closed: number }>(
      "SELECT ledger_close_days(now(), $1, interval '10 minutes', 366) AS closed",
      [process.env.APP_TIME_ZONE || "Europe/Istanbul"],
    );
    const closed = rows[0]!.closed;
    if (closed === 0) return;
    if (closed < 0) await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * What the bench loads before its figures "at 0": one customer's rows (its explorer search shares the
 * trigrams "use" and "ser" with every synthetic customer at scale), so that each timed page, the search
 * included, shows a full first page there too and is compared with the same page at scale, not an empty one.
 */
export const FIRST_PAGE = { rows: 1_000, customer: "user4242" } as const;

/** Loads the data; returns seconds per step. With `customer`, every transaction is that customer's (FIRST_PAGE). */
export async function loadMillion(
  url: string,
  tenant: ScaleTenant,
  count: number,
  customer?: string,
): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const seconds: Record<string, number> = {};
  const step = async (name: string, work: string | (() => Promise<unknown>), params: unknown[] = []) => {
    const started = performance.now();
    await (typeof work === "string" ? client.query(work, params) : work());
    seconds[name] = Number(((performance.now() - started) / 1000).toFixed(1));
  };
  try {
    const { rows } = await client.query<{ base: number }>(
      "SELECT COALESCE(max(id), 0) + 1000 AS base FROM transactions",
    );
    const base = rows[0]!.base;
    // A bulk load of rows known to be consistent: foreign-key triggers are skipped (superuser only).
    await client.query("SET session_replication_role = replica");
    await client.query("SET maintenance_work_mem = '256MB'");
    const g = tenant.gatewayIds;
    await step("transactions", TRANSACTIONS, [
      base,
      count,
      tenant.providerId,
      tenant.siteId,
      tenant.dealerId,
      tenant.bankAccountId,
      tenant.walletId,
      g.bank,
      g.crypto,
      g.wallet,
    ]);
    await client.query("SELECT setval('transactions_id_seq', $1::bigint)", [base + count + 1]);
    if (customer)
      await client.query(
        "UPDATE transactions SET user_id = 'u-' || $2::text, username = $2, email = $2 || '@example.com' WHERE id > $1",
        [base, customer],
      );
    await step("history", EVENTS, [base]);
    await step("deliveries", DELIVERIES, [base]);
    // The wallet's statement lines are bulk data of their own: not part of one customer's first page.
    if (!customer) await step("bank lines", BANK_LINES_SQL, [base, tenant.walletId]);
    await client.query("RESET session_replication_role");
    // The ledger of those transactions as the migration's backfill writes it (the triggers that copy posted_at
    // and check each set's balance run, so not in replica mode), with fees; then the days' snapshots.
    await client.query(FEE_SCHEDULES, [tenant.providerId]);
    await step("ledger backfill", "SELECT ledger_backfill()");
    await step("ledger snapshots", () => closeLedgerDays(client));
    // What autovacuum would have done by the time a real database holds this much.
    await step(
      "vacuum analyze",
      "VACUUM ANALYZE transactions, transaction_events, callback_deliveries, eiban_transactions, ledger_entry_sets, ledger_entries, ledger_snapshots",
    );
  } finally {
    await client.end();
  }
  return seconds;
}
