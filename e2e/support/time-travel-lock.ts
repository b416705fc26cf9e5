import pg from "pg";
import { afterAll, beforeAll } from "vitest";

/** Any fixed key: the advisory lock's name among the run's test files. */
const KEY = 744_210_001;

/**
 * Integration files run two at a time on one database. Most only touch their own tenants, but a file that runs
 * a job for every open row at a time in the future (the gateways' status inquiry, the bank statement poller,
 * `later(11 * MINUTE)`) acts on the other files' rows too: it would ask another file's order before that
 * file's "not yet due" check, or move another file's wallet cursor. Such files call this at their top: they
 * hold one PostgreSQL advisory lock (on a connection of their own) from their first test to their last, so
 * no two of them run at once. Others run beside them; the jobs leave rows alone that are not due or whose
 * partner answers "still open".
 */
export function runsJobsForEveryRow(): void {
  let client: pg.Client | undefined;
  beforeAll(async () => {
    client = new pg.Client({ connectionString: process.env.DATABASE_URL, application_name: "test time-travel lock" });
    await client.connect();
    await client.query("SELECT pg_advisory_lock($1)", [KEY]);
  }, 15 * 60_000);
  afterAll(async () => {
    await client?.end();
  });
}
