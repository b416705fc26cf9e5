import { describe, expect, it } from "vitest";
import {
  amountOfMinorUnits,
  compareDecimals,
  decimalOfJsonNumber,
  jsonNumberOf,
  minorUnits,
  minorUnitsFor,
  mulDivDown,
  readAmount,
  readMinorUnits,
  truncateDecimal,
  writeAmount,
  writeAmountOrNull,
  type AmountReading,
  type AmountWriting,
} from "./amount-format";

const KURUS: AmountWriting = { unit: "minor", wholeDigits: 13 };
const TWO: AmountWriting = { unit: "major", wholeDigits: 13 };
const TRIMMED: AmountWriting = { unit: "major", wholeDigits: 13, places: "trimmed" };
const AT_LEAST_ONE: AmountWriting = { unit: "major", wholeDigits: 13, places: "atLeastOne" };
const COMMA: AmountWriting = { unit: "major", wholeDigits: 13, separator: "," };

describe("writing ours on a partner's wire", () => {
  it.each([
    // [ours, writing, written]
    ["1250.75", KURUS, "125075"],
    ["0.05", KURUS, "5"],
    ["100.00", KURUS, "10000"],
    ["9999999999999.99", KURUS, "999999999999999"],
    ["1250.75", TWO, "1250.75"],
    ["0.05", TWO, "0.05"],
    ["150.00", TWO, "150.00"],
    ["150.00", TRIMMED, "150"],
    ["249.90", TRIMMED, "249.9"],
    ["0.05", TRIMMED, "0.05"],
    ["0.00", TRIMMED, "0"],
    ["150.00", AT_LEAST_ONE, "150.0"],
    ["1250.70", AT_LEAST_ONE, "1250.7"],
    ["15.34", AT_LEAST_ONE, "15.34"],
    ["1250.75", COMMA, "1250,75"],
    ["150.00", { ...TRIMMED, separator: "," }, "150"],
  ] as const)("%s as %o is %s", (ours, writing, wire) => {
    expect(writeAmount(ours, writing)).toBe(wire);
    expect(writeAmountOrNull(ours, writing)).toBe(wire);
  });

  it.each([
    // [not carried, writing]
    ["10.5", TWO],
    ["10", TWO],
    ["10.555", TWO],
    ["-1.00", KURUS],
    ["1,50", TWO],
    [" 1.50", TWO],
    ["1e3", TRIMMED],
    ["", KURUS],
    ["99999999999999.99", TWO],
    ["10000000000000.00", KURUS],
  ] as const)("refuses %j for %o before any call", (amount, writing) => {
    expect(writeAmountOrNull(amount, writing)).toBeNull();
    expect(() => writeAmount(amount, writing)).toThrow(RangeError);
    expect(() => writeAmount(amount, writing)).toThrow(/two-place/);
    expect(() => minorUnitsFor(amount, writing)).toThrow(RangeError);
  });

  it("counts whole digits as the partner does: 15 carries what 13 refuses", () => {
    expect(writeAmountOrNull("123456789012345.00", { ...TWO, wholeDigits: 15 })).toBe("123456789012345.00");
    expect(writeAmountOrNull("123456789012345.00", TWO)).toBeNull();
    expect(minorUnitsFor("1250.75", TWO)).toBe(125075n);
  });
});

describe("ours and kuruş", () => {
  it.each([
    ["1250.75", 125075n],
    ["0.05", 5n],
    ["0.00", 0n],
    ["9999999999999999.99", 999999999999999999n],
  ] as const)("%s is %s kuruş and back", (ours, minor) => {
    expect(minorUnits(ours)).toBe(minor);
    expect(amountOfMinorUnits(minor)).toBe(ours);
  });

  it.each(["150", "150.5", "150.555", " 150.00", "-1.00", "10000000000000000.00", ""])("%j is not ours", (text) =>
    expect(minorUnits(text)).toBeNull(),
  );
});

const MINOR: AmountReading = { unit: "minor", wholeDigits: 15 };
const MINOR_ANY: AmountReading = { unit: "minor" };
const DOT: AmountReading = { unit: "major", wholeDigits: 13 };
const EITHER: AmountReading = { unit: "major", wholeDigits: 16, separators: ".,", numbers: true };
const ZEROS: AmountReading = { unit: "major", wholeDigits: 13, trailingZeros: true, numbers: true };
const DOT_TWO: AmountReading = { unit: "major", wholeDigits: 13, places: "two" };
const TURKISH: AmountReading = { unit: "major", wholeDigits: 13, separators: ",", thousands: true };
const AS_SENT: AmountReading = { unit: "minor", wholeDigits: 16, asSent: true };

describe("reading a partner's amounts back, strictly", () => {
  it.each([
    // [written, readings, ours or null]
    ["125075", [MINOR], "1250.75"],
    ["5", [MINOR], "0.05"],
    ["000101", [MINOR], "1.01"],
    [" 101 ", [MINOR], "1.01"],
    ["1234567890123456", [MINOR], null],
    ["1234567890123456", [MINOR_ANY], "12345678901234.56"],
    ["1.5", [MINOR], null],
    [101, [MINOR], null],
    ["1.01", [DOT], "1.01"],
    ["1.1", [DOT], "1.10"],
    ["1", [DOT], "1.00"],
    ["1.", [DOT], null],
    ["1,01", [DOT], null],
    ["1.001", [DOT], null],
    [4, [DOT], null],
    ["10,8", [EITHER], "10.80"],
    ["10.80", [EITHER], "10.80"],
    [249.9, [EITHER], "249.90"],
    ["1.000,50", [EITHER], null],
    [-1, [EITHER], null],
    [Number.NaN, [EITHER], null],
    [1e21, [EITHER], null],
    ["1250.70000000", [ZEROS], "1250.70"],
    [100, [ZEROS], "100.00"],
    [0.001, [ZEROS], null],
    ["1250.705", [ZEROS], null],
    ["1e3", [ZEROS], null],
    [null, [ZEROS], null],
    ["150.00", [DOT_TWO, TURKISH], "150.00"],
    ["1.05", [DOT_TWO, TURKISH], "1.05"],
    ["1.056", [DOT_TWO, TURKISH], "1056.00"],
    ["1.056,20", [DOT_TWO, TURKISH], "1056.20"],
    ["1,01", [DOT_TWO, TURKISH], "1.01"],
    ["1,2,3", [DOT_TWO, TURKISH], null],
    ["1.5", [DOT_TWO, TURKISH], null],
    [undefined, [DOT_TWO, TURKISH], null],
    ["125075", [AS_SENT], "1250.75"],
    [" 125075", [AS_SENT], null],
  ] as const)("%j by %o is %j", (written, readings, ours) => {
    expect(readAmount(written, ...(readings as unknown as [AmountReading]))).toBe(ours);
    const minor = readMinorUnits(written, ...(readings as unknown as [AmountReading]));
    expect(minor === null ? null : amountOfMinorUnits(minor)).toBe(ours);
  });
});

describe("exact decimals of any scale (a coin's amount)", () => {
  it.each([
    [14.8106, "14.8106"],
    [1e-7, "0.0000001"],
    [2.5e21, "2500000000000000000000"],
    [-1.5e-3, "-0.0015"],
    ["12.30", "12.30"],
    [" 7 ", "7"],
    ["12,30", null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
    [undefined, null],
  ] as const)("%j is %j", (value, decimal) => expect(decimalOfJsonNumber(value)).toBe(decimal));

  it("compares, truncates and scales without rounding up", () => {
    expect(compareDecimals("1250.5", "1250.50")).toBe(0);
    expect(compareDecimals("0.1", "0.09")).toBe(1);
    expect(compareDecimals("-1", "0")).toBe(-1);
    expect(truncateDecimal("36.24637681", 6)).toBe("36.246376");
    expect(truncateDecimal("5", 2)).toBe("5.00");
    expect(truncateDecimal("0.019", 2)).toBe("0.01");
    expect(mulDivDown("1000", "20", "29", 2)).toBe("689.65");
  });

  it("writes a JSON number that reads back as the same decimal", () => {
    for (const decimal of ["1250.75", "150", "9999999999999.99", "0.000123", "0.05"]) {
      const number = jsonNumberOf(decimal);
      expect(compareDecimals(decimalOfJsonNumber(number)!, decimal)).toBe(0);
    }
    expect(JSON.stringify({ amount: jsonNumberOf("150.00") })).toBe('{"amount":150}');
  });
});
