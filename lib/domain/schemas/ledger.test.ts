import { describe, expect, it } from "vitest";
import { DomainError } from "@/lib/base/errors/domain-error";
import { percentSchema } from "./ledger";
import { validate } from "./validate";

describe("percentSchema: 0 to 100 with at most four decimals, normalized for NUMERIC(7,4)", () => {
  it.each([
    ["1.5", "1.5000"],
    [2.25, "2.2500"],
    ["0", "0.0000"],
    ["012.5", "12.5000"],
    ["100", "100.0000"],
    ["100.0000", "100.0000"],
    [" 0.0001 ", "0.0001"],
  ])("%s is %s", (input, normalized) => {
    expect(validate(percentSchema("rate"), input)).toBe(normalized);
  });

  it.each([["100.0001"], ["101"], ["-1"], ["1.23456"], ["1,5"], [""], [null], ["abc"], [Number.NaN]])(
    "refuses %s with the percentage refusal",
    (input) => {
      try {
        validate(percentSchema("rate"), input);
        expect.unreachable();
      } catch (error) {
        expect((error as DomainError).refusals).toEqual([{ key: "percentage", params: { field: "rate" } }]);
      }
    },
  );
});
