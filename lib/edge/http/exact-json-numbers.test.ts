import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { inexactNumbers, readsExactly } from "./exact-json-numbers";

describe("readsExactly", () => {
  it("accepts what a double keeps and refuses what it rounds", () => {
    for (const ok of [
      "0",
      "-0",
      "1",
      "100.10",
      "100.1",
      "1e2",
      "1.5E+3",
      "9999999999999.99",
      "0.01",
      "9007199254740992",
      "123.4500000",
    ])
      expect(readsExactly(ok), ok).toBe(true);
    for (const bad of [
      "9007199254740993",
      "100.100000000000001",
      "0.30000000000000004999",
      "1e400",
      "12345678901234567890",
      "1e-400",
    ])
      expect(readsExactly(bad), bad).toBe(false);
  });

  it("accepts every number JSON.stringify writes", () => {
    fc.assert(fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => readsExactly(JSON.stringify(n))));
  });
});

describe("inexactNumbers", () => {
  it("names the path of each rounded number, skipping strings and keys", () => {
    const text = '{"a":"9007199254740993","b":[1,9007199254740993],"c":{"amount":100.100000000000001},"d":1.5}';
    expect(inexactNumbers(text)).toEqual([
      { path: "b[1]", literal: "9007199254740993" },
      { path: "c.amount", literal: "100.100000000000001" },
    ]);
    expect(inexactNumbers('{"k\\"1":2e400}')).toEqual([{ path: 'k"1', literal: "2e400" }]);
    expect(inexactNumbers("12345678901234567890")).toEqual([{ path: "", literal: "12345678901234567890" }]);
  });
});
