import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ibanFromBban } from "@/lib/base/iban/iban";
import {
  amountSchema,
  decimalPattern,
  emailSchema,
  ibanSchema,
  MAX_AMOUNT,
  requiredString,
  optionalString,
} from "./common";
import { compareDecimal } from "@/lib/base/money/compare-decimal";

describe("amountSchema", () => {
  const amount = amountSchema({ min: "1" });

  it("normalizes to a two-place decimal string", () => {
    expect(amount.parse(1)).toBe("1.00");
    expect(amount.parse(100.5)).toBe("100.50");
    expect(amount.parse(1234.56)).toBe("1234.56");
  });

  it.each([[0], [-5], [0.5], [1.005], [Number.NaN], [Number.POSITIVE_INFINITY], ["10"], [null], [undefined], [1e21]])(
    "refuses %s",
    (value) => {
      expect(amount.safeParse(value).success).toBe(false);
    },
  );

  it("accepts decimal strings only where allowed", () => {
    const dealer = amountSchema({ min: "10.00", allowString: true });
    expect(dealer.parse("10")).toBe("10.00");
    expect(dealer.parse("10.5")).toBe("10.50");
    expect(dealer.safeParse("9.99").success).toBe(false);
    expect(dealer.safeParse("1e3").success).toBe(false);
  });

  it("stops at MAX_AMOUNT, which a JSON number still carries exactly", () => {
    expect(amount.parse(9999999999999.99)).toBe(MAX_AMOUNT);
    expect(amount.safeParse(10000000000000).error?.issues[0]?.message).toBe(`amount must be at most ${MAX_AMOUNT}`);
  });

  it.each(["0.00", "0.01", "1", "10.00", "200"])(
    "the documented string pattern for a minimum of %s accepts exactly what the check accepts",
    (min) => {
      const schema = amountSchema({ min, allowString: true });
      const pattern = new RegExp(decimalPattern(min));
      const decimalText = fc.stringMatching(/^\s?0{0,2}\d{0,15}(\.\d{0,3})?\s?$/);
      fc.assert(
        fc.property(fc.oneof(decimalText, fc.string()), (text) => {
          expect(pattern.test(text), text).toBe(schema.safeParse(text).success);
        }),
        { seed: 19, numRuns: 3000 },
      );
    },
  );

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
    expect(short.error?.issues.map((i) => i.message)).toEqual([
      "iban must be 15 to 34 characters",
      "iban is not a valid IBAN (checksum failed)",
    ]);
  });

  it("refuses a 25-character TR IBAN whose mod-97 checksum holds, in the contract's words", () => {
    const tr25 = ibanFromBban("TR", "000100000000001234567");
    expect(tr25).toHaveLength(25);
    expect(
      ibanSchema()
        .safeParse(tr25)
        .error?.issues.map((i) => i.message),
    ).toEqual(["iban is not a valid IBAN (checksum failed)"]);
  });
});

describe("text fields", () => {
  it("refuse what PostgreSQL cannot store, count characters as JSON Schema does, trim, and refuse blanks", () => {
    const name = requiredString("name", 3);
    expect(name.parse(" ab")).toBe("ab");
    expect(name.parse("😀😀😀")).toBe("😀😀😀");
    expect(name.safeParse("a\u0000").error?.issues.map((i) => i.message)).toEqual([
      "name must not contain NUL or unpaired surrogate characters",
    ]);
    expect(name.safeParse("a\ud800").success).toBe(false);
    expect(name.safeParse(" ab ").success).toBe(false);
    expect(name.safeParse("   ").error?.issues.map((i) => i.message)).toEqual(["name is required"]);
    expect(optionalString("note").parse("")).toBe("");
  });

  it("emails are taken as sent and must match the documented pattern", () => {
    expect(emailSchema().parse("ayse.yilmaz+pay@example.com.tr")).toBe("ayse.yilmaz+pay@example.com.tr");
    for (const bad of [" a@b.co", "a@b.c", "a..b@c.co", "a@-b.co", "a@b-.co", "a\u0000@b.co"])
      expect(emailSchema().safeParse(bad).success, bad).toBe(false);
  });
});
