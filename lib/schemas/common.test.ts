import { describe, expect, it } from "vitest";
import { amountSchema, compareDecimal, ibanSchema } from "./common";

describe("amountSchema", () => {
  const amount = amountSchema({ min: "1" });

  it("normalizes to a two-place decimal string", () => {
    expect(amount.parse(1)).toBe("1.00");
    expect(amount.parse(100.5)).toBe("100.50");
    expect(amount.parse(1234.56)).toBe("1234.56");
  });

  it.each([[0], [-5], [0.5], [1.005], [Number.NaN], [Number.POSITIVE_INFINITY], ["10"], [null], [undefined], [1e21]])("refuses %s", (value) => {
    expect(amount.safeParse(value).success).toBe(false);
  });

  it("accepts decimal strings only where allowed", () => {
    const dealer = amountSchema({ min: "10.00", allowString: true });
    expect(dealer.parse("10")).toBe("10.00");
    expect(dealer.parse("10.5")).toBe("10.50");
    expect(dealer.safeParse("9.99").success).toBe(false);
    expect(dealer.safeParse("1e3").success).toBe(false);
  });

  it("compares decimals exactly", () => {
    expect(compareDecimal("0.10", "0.1")).toBe(0);
    expect(compareDecimal("100.01", "100.00")).toBe(1);
    expect(compareDecimal("99999999999999.99", "100000000000000.00")).toBe(-1);
  });
});

describe("ibanSchema", () => {
  it("normalizes and checks length and checksum, one message per rule", () => {
    expect(ibanSchema().parse("tr33 0006 1005 1978 6457 8413 26")).toBe("TR330006100519786457841326");
    const short = ibanSchema().safeParse("TR12");
    expect(short.success).toBe(false);
    expect(short.error?.issues.map((i) => i.message)).toEqual(["iban must be 15 to 34 characters", "iban is not a valid IBAN (checksum failed)"]);
  });
});
