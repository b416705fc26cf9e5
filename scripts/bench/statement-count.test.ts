import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { countStatements, statementKind } from "./statement-count";

const real = pg.Client.prototype.query;
afterEach(() => {
  pg.Client.prototype.query = real;
});

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("statements counted at the driver", () => {
  it("counts and times both of pg's forms, by kind, and puts the driver back when stopped", async () => {
    // A driver that answers after 20 ms, in the promise form or through a callback as pg.Pool#query uses it.
    const fake = function (_config: unknown, _values?: unknown, callback?: (err: null, res: object) => void) {
      if (typeof callback === "function") return void later(20).then(() => callback(null, { rows: [] }));
      return later(20).then(() => ({ rows: [] }));
    };
    pg.Client.prototype.query = fake as unknown as typeof real;
    const client = new pg.Client();
    const counter = countStatements();
    await client.query({ text: "WITH claimed AS (SELECT 1) SELECT * FROM claimed" });
    await new Promise<void>((resolve) => void client.query("INSERT INTO t VALUES ($1)", [1], () => resolve()));
    await client.query("begin");
    const sent = counter.stop();
    expect(sent.count).toBe(3);
    expect(sent.byKind).toEqual({ WITH: 1, INSERT: 1, BEGIN: 1 });
    expect(sent.ms).toBeGreaterThanOrEqual(55);
    expect(pg.Client.prototype.query).toBe(fake);
  });

  it("names a statement by its first word", () => {
    expect(statementKind("  update callback_deliveries set ...")).toBe("UPDATE");
    expect(statementKind("")).toBe("other");
  });
});
