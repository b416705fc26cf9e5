import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrations, diffMigrationsToSchema } from "@/lib/base/db/migrations";
import { syncRegistryKeys } from "@/lib/base/db/registry-keys";
import { registryKeys } from "@/lib/domain/payment-methods/registry-keys";
import { startTestDatabase, type TestDatabase } from "../support/test-database";

/**
 * Issue 55: payment methods and gateway families stored as text keys checked against payment_method_keys, which the
 * entry points fill from the registry, instead of PostgreSQL enums. The migration is tried on a database as the
 * previous release left it, holding a row of every method and family: nothing is lost, and the keys then refuse a
 * method the registry never had.
 */
const MIGRATION = "20261207045021_payment_method_keys";
const METHODS = ["MANUAL_BANK", "EIBAN", "CREDIT_CARD", "TP_BANK", "TP_CRYPTO", "TP_WALLET"];
const FAMILIES = ["BANK", "CRYPTO", "WALLET"];

let db: TestDatabase;
let client: pg.Client;

beforeAll(async () => {
  db = await startTestDatabase({ migrate: false });
  await applyMigrations(db.url, registryKeys(), { before: MIGRATION });
  client = new pg.Client({ connectionString: db.url });
  await client.connect();
  // The previous release's rows: one transaction per method, a fee schedule per method, a gateway per family.
  await client.query(`
    INSERT INTO providers (id, name, api_key, secret_key_enc, verification_key_enc, updated_at)
      VALUES (1, 'P', 'pk', 'x', 'x', now());
    INSERT INTO dealers (id, name, api_key, secret_key_enc, updated_at) VALUES (1, 'D', 'dk', 'x', now());
  `);
  for (const [i, family] of FAMILIES.entries())
    await client.query(
      `INSERT INTO gateways (id, method, name, code, min_amount, max_amount, updated_at)
       VALUES ($1, $2, $3, $3, 1, 100, now())`,
      [i + 1, family, `g-${family}`],
    );
  for (const [i, method] of METHODS.entries()) {
    await client.query(
      `INSERT INTO transactions (tracking_code, method, direction, origin, status, provider_id, dealer_id, user_id,
         username, fullname, amount, currency, updated_at, completed_at)
       VALUES ($1, $2, 'DEPOSIT', 'PROVIDER', 'completed', 1, 1, 'u', 'u', 'F', $3, 'TRY', now(), now())`,
      [`KEYS-${i}`, method, `${i + 1}0.25`],
    );
    await client.query(
      `INSERT INTO fee_schedules (provider_id, method, direction, effective_from, created_by)
       VALUES (1, $1, 'DEPOSIT', now(), 'test')`,
      [method],
    );
  }
  expect(await applyMigrations(db.url, registryKeys())).toContain(MIGRATION);
}, 240_000);

afterAll(async () => {
  await client?.end();
  await db?.stop();
});

describe("payment methods as keys of the registry", () => {
  it("the migration keeps every row, each method and family as it was, now text", async () => {
    const { rows: transactions } = await client.query(
      "SELECT method, amount::text, pg_typeof(method)::text AS type FROM transactions ORDER BY tracking_code",
    );
    expect(transactions).toEqual(METHODS.map((method, i) => ({ method, amount: `${i + 1}0.25`, type: "text" })));
    const { rows: fees } = await client.query("SELECT method FROM fee_schedules ORDER BY id");
    expect(fees.map((r) => r.method)).toEqual(METHODS);
    const { rows: gateways } = await client.query("SELECT method FROM gateways ORDER BY id");
    expect(gateways.map((r) => r.method)).toEqual(FAMILIES);
    const { rows: types } = await client.query(
      "SELECT typname FROM pg_type WHERE typname IN ('PaymentMethod', 'GatewayMethod')",
    );
    expect(types).toEqual([]);
    // The ledger's backfill reads the methods through its recreated function.
    const { rows: events } = await client.query("SELECT count(*)::int AS n FROM ledger_money_events()");
    expect(events).toEqual([{ n: METHODS.length }]);
    expect(await diffMigrationsToSchema(db.url)).toBe("");
  });

  it("holds the registry's methods, and refuses a method or family it never had", async () => {
    const { rows } = await client.query(
      `SELECT key, gateway_family AS "gatewayFamily", account_shape AS "accountShape" FROM payment_method_keys`,
    );
    expect(rows).toEqual(expect.arrayContaining(registryKeys()));
    await expect(
      client.query("UPDATE transactions SET method = 'TP_CHEQUE' WHERE tracking_code = 'KEYS-0'"),
    ).rejects.toThrow(/transactions_method_fkey/);
    await expect(client.query("UPDATE gateways SET method = 'CHEQUE' WHERE id = 1")).rejects.toThrow(
      /gateways_method_fkey/,
    );
  });

  it("a new method of the registry needs no migration: the next start adds its key, and a changed family is refused", async () => {
    const added = [...registryKeys(), { key: "TP_FAST", gatewayFamily: "FAST", accountShape: "bank" }];
    await syncRegistryKeys(db.url, added);
    await client.query("UPDATE gateways SET method = 'FAST' WHERE id = 1");
    await client.query("UPDATE transactions SET method = 'TP_FAST' WHERE tracking_code = 'KEYS-3'");
    await syncRegistryKeys(db.url, added);
    const moved = added.map((k) => (k.key === "TP_FAST" ? { ...k, gatewayFamily: "FAST2" } : k));
    await expect(syncRegistryKeys(db.url, moved)).rejects.toThrow(
      "TP_FAST: the database has family FAST, shape bank, the registry family FAST2, shape bank",
    );
  });
});
