import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { servesTransactionsFromAPool } from "@/lib/base/db/pooler-detection";
import { untilReadyOrExit, type Outcome } from "../support/until-ready-or-exit";
import { PGBOUNCER_MISSING, pgbouncerBinary, startPgBouncer, type PgBouncer } from "../support/pgbouncer";

// CI installs Debian's pgbouncer (.ci/run) and sets REQUIRE_PGBOUNCER=1: there a missing binary fails the test.
const available = pgbouncerBinary() !== null || process.env.REQUIRE_PGBOUNCER === "1";
if (!available) console.warn(`e2e/integration/pooler-detection.test.ts skipped: ${PGBOUNCER_MISSING}`);

const stackEnv = inject("stackEnv");

/** A built entry point with the suite's settings, DATABASE_URL the pooler and no DIRECT_DATABASE_URL, until it exits. */
function runBehind(pooler: PgBouncer, entry: string, args: string[] = []): Promise<Outcome> {
  return untilReadyOrExit([`dist/${entry}`, ...args], {
    ...process.env,
    ...stackEnv,
    DATABASE_URL: pooler.url,
    DIRECT_DATABASE_URL: undefined,
    DATABASE_POOLER: undefined,
    PORT: "0",
    HOSTNAME: "127.0.0.1",
    JOB_RUNNER: "off",
    WEB_CONCURRENCY: "1",
  });
}

describe.skipIf(!available)("a transaction pooler behind DATABASE_URL that nobody declared", () => {
  let transaction: PgBouncer;
  let session: PgBouncer;
  beforeAll(async () => {
    // Two server connections for its clients, as a pooler sized for a fleet gives each of them a share.
    transaction = await startPgBouncer(stackEnv.DATABASE_URL!, { poolMode: "transaction", poolSize: 2 });
    session = await startPgBouncer(stackEnv.DATABASE_URL!, { poolMode: "session", poolSize: 2 });
  });
  afterAll(async () => {
    await transaction?.stop();
    await session?.stop();
  });

  it("is told apart from PostgreSQL itself and from a session pooler", async () => {
    expect(await servesTransactionsFromAPool(transaction.url)).toBe(true);
    expect(await servesTransactionsFromAPool(stackEnv.DATABASE_URL!)).toBe(false);
    expect(await servesTransactionsFromAPool(session.url)).toBe(false);
  });

  it.each([
    ["the server", "server.js", []],
    ["the admin CLI", "admin.js", ["provider:list"]],
    ["the migration job", "migrate.js", []],
  ])("refuses %s, naming DIRECT_DATABASE_URL", async (_, entry, args) => {
    const { code, output } = await runBehind(transaction, entry, args);
    expect(code, output).toBe(1);
    expect(output).not.toContain("Ready on");
    expect(output).toContain("DATABASE_URL goes through a transaction pooler");
    expect(output).toContain("Set DIRECT_DATABASE_URL to PostgreSQL itself");
  });
});
