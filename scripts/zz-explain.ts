import { randomBytes } from "node:crypto";
import pg from "pg";
import { startTestDatabase } from "../e2e/support/test-database";
import { startAppServer, testServerEnv } from "../e2e/support/test-stack";
import { setUpTenant } from "./bench/setup";
import { loadMillion } from "./bench/million";
const database = await startTestDatabase();
const env = testServerEnv(database);
Object.assign(process.env, { APP_ENCRYPTION_KEY: env.APP_ENCRYPTION_KEY, BANK_WEBHOOK_SECRET: env.BANK_WEBHOOK_SECRET, ACQUIRER_WEBHOOK_SECRET: env.ACQUIRER_WEBHOOK_SECRET, DATABASE_URL: database.url });
const server = await startAppServer({ ...env, LOG_LEVEL: "warn", METRICS_TOKEN: randomBytes(8).toString("hex") });
process.env.PUBLIC_BASE_URL = server.baseUrl;
const tenant = await setUpTenant(server.baseUrl, "bench");
await server.stop();
console.log(await loadMillion(database.url, tenant.ids, Number(process.env.N || 1_000_000)));
const c = new pg.Client(database.url); await c.connect();
const q = "user4242";
const search = `(tracking_code ILIKE '${q}%' OR user_id = '${q}' OR username ILIKE '%${q}%' OR fullname ILIKE '%${q}%' OR email ILIKE '%${q}%' OR iban ILIKE '%USER4242%')`;
const since = "now() - interval '1 day'";
const stmts = {
  delivered: `SELECT count(*) FROM callback_deliveries WHERE state = 'DELIVERED' AND delivered_at >= ${since}`,
  exhausted: `SELECT count(*) FROM callback_deliveries WHERE state = 'EXHAUSTED' AND updated_at >= ${since}`,
  retrying: `SELECT count(*) FROM callback_deliveries WHERE state = 'PENDING' AND attempt_count > 0`,
  queued: `SELECT count(*) FROM callback_deliveries WHERE state = 'PENDING' AND attempt_count = 0`,
  nourl: `SELECT count(*) FROM callback_deliveries WHERE state = 'NO_URL'`,
  oldest: `SELECT min(created_at) FROM callback_deliveries WHERE state = 'PENDING'`,
  states: `SELECT state, count(*) FROM callback_deliveries GROUP BY state`,
};
for (const [name, sql] of Object.entries(stmts)) {
  for (let i = 0; i < 2; i++) await c.query(sql);
  const { rows } = await c.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`);
  console.log(`\n### ${name}\n` + rows.map((r) => r["QUERY PLAN"]).join("\n"));
}
await c.end(); await database.stop();
