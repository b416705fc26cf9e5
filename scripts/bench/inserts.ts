/**
 * The baseline of `npm run bench`: plain single-row INSERTs over a pg pool of the app's size, at the same
 * concurrency, for the same time. Prints one JSON result on stdout.
 */
import pg from "pg";
import { pooledConnections } from "../../lib/base/db/connection-settings";
import { quantile } from "./quantile";

const [url, connectionsArg, durationArg] = process.argv.slice(2);
const connections = Number(connectionsArg);
const durationMs = Number(durationArg) * 1000;
const pool = new pg.Pool({ connectionString: url, max: pooledConnections() });
await pool.query(
  "CREATE TABLE IF NOT EXISTS bench_inserts (id bigserial PRIMARY KEY, reference text NOT NULL, amount numeric(18,2) NOT NULL, created_at timestamptz NOT NULL DEFAULT now())",
);

const latencies: number[] = [];
let errors = 0;
const deadline = Date.now() + durationMs;
await Promise.all(
  Array.from({ length: connections }, async (_, worker) => {
    let n = 0;
    while (Date.now() < deadline) {
      const started = performance.now();
      try {
        await pool.query("INSERT INTO bench_inserts (reference, amount) VALUES ($1, $2)", [
          `W${worker}-${n++}`,
          "150.00",
        ]);
        latencies.push(performance.now() - started);
      } catch {
        errors++;
      }
    }
  }),
);
await pool.end();
latencies.sort((a, b) => a - b);
const at = (q: number) => Math.round(quantile(latencies, q) * 100) / 100;
process.stdout.write(
  JSON.stringify({
    requestsPerSecond: latencies.length / (durationMs / 1000),
    total: latencies.length,
    p50: at(0.5),
    p99: at(0.99),
    errors,
    non2xx: 0,
    status5xx: 0,
  }),
);
