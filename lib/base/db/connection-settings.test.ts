import { describe, expect, it } from "vitest";
import {
  directDatabaseUrl,
  namedStatementsAllowed,
  pooledConnections,
  poolerMode,
  poolMax,
} from "./connection-settings";

const DB = "postgresql://app:pw@db.internal:5432/pis";
const POOLER = "postgresql://app:pw@pgbouncer.internal:6432/pis";

describe("the database connection settings", () => {
  it("take DATABASE_URL as the direct connection unless DIRECT_DATABASE_URL names one", () => {
    expect(directDatabaseUrl({ DATABASE_URL: DB })).toBe(DB);
    expect(directDatabaseUrl({ DATABASE_URL: POOLER, DIRECT_DATABASE_URL: DB })).toBe(DB);
    expect(directDatabaseUrl({ DATABASE_URL: DB, DIRECT_DATABASE_URL: " " })).toBe(DB);
  });

  it(
    "assume a transaction pooler when DIRECT_DATABASE_URL differs, and send the hot statements unnamed " + "behind it",
    () => {
      expect(poolerMode({ DATABASE_URL: DB })).toBe("none");
      expect(poolerMode({ DATABASE_URL: DB, DIRECT_DATABASE_URL: DB })).toBe("none");
      expect(poolerMode({ DATABASE_URL: POOLER, DIRECT_DATABASE_URL: DB })).toBe("transaction");
      expect(namedStatementsAllowed({ DATABASE_URL: DB })).toBe(true);
      expect(namedStatementsAllowed({ DATABASE_URL: POOLER, DIRECT_DATABASE_URL: DB })).toBe(false);
    },
  );

  it("let DATABASE_POOLER say otherwise, and refuse a value they do not know, naming the variable", () => {
    expect(poolerMode({ DATABASE_URL: POOLER, DIRECT_DATABASE_URL: DB, DATABASE_POOLER: "session" })).toBe("session");
    expect(namedStatementsAllowed({ DATABASE_URL: POOLER, DIRECT_DATABASE_URL: DB, DATABASE_POOLER: "session" })).toBe(
      true,
    );
    expect(poolerMode({ DATABASE_URL: DB, DATABASE_POOLER: "Transaction" })).toBe("transaction");
    expect(() => poolerMode({ DATABASE_URL: DB, DATABASE_POOLER: "pgbouncer" })).toThrow(
      /^DATABASE_POOLER must be one of transaction, session, none/,
    );
  });

  it("give a process DATABASE_POOL_MAX connections, one of them kept out of the pool for LISTEN", () => {
    expect(poolMax({})).toBe(10);
    expect(pooledConnections({})).toBe(9);
    expect(poolMax({ DATABASE_POOL_MAX: "4" })).toBe(4);
    expect(pooledConnections({ DATABASE_POOL_MAX: "4" })).toBe(3);
    // The former name still counts when the new one is unset.
    expect(poolMax({ DATABASE_POOL_SIZE: "6" })).toBe(6);
    expect(poolMax({ DATABASE_POOL_MAX: "5", DATABASE_POOL_SIZE: "6" })).toBe(5);
    for (const bad of ["1", "0", "-3", "2.5", "ten"])
      expect(() => poolMax({ DATABASE_POOL_MAX: bad }), bad).toThrow(
        /^DATABASE_POOL_MAX must be a whole number of connections, at least 2/,
      );
    expect(() => poolMax({ DATABASE_POOL_SIZE: "1" })).toThrow(/^DATABASE_POOL_SIZE must be/);
  });
});
