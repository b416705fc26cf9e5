import { describe, expect, it } from "vitest";
import { csvCell, csvLine } from "./csv-line";

describe("csvCell", () => {
  it("leaves plain text and numbers alone", () => {
    expect(csvCell("Ayşe Kaya")).toBe("Ayşe Kaya");
    expect(csvCell(42)).toBe("42");
    expect(csvCell("150.00")).toBe("150.00");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
  });

  it("quotes commas, quotes and line breaks, doubling inner quotes", () => {
    expect(csvCell("Kaya, Ayşe")).toBe('"Kaya, Ayşe"');
    expect(csvCell('the "best" user')).toBe('"the ""best"" user"');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("cr\rlf")).toBe('"cr\rlf"');
  });

  it("neutralises cells a spreadsheet would run as a formula", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell("+90 555")).toBe("'+90 555");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    expect(csvCell("\r=1")).toBe('"\'\r=1"');
    expect(csvCell("a=b")).toBe("a=b");
  });

  it("does not touch numbers, which are never formulas", () => {
    expect(csvCell(-5)).toBe("-5");
    // A negative amount as the database's decimal text (a ledger balance the provider owes) stays a number.
    expect(csvCell("-507.00")).toBe("-507.00");
    expect(csvCell("-9999999999999999.99")).toBe("-9999999999999999.99");
    expect(csvCell("-507.00+1")).toBe("'-507.00+1");
    expect(csvCell("-.5")).toBe("'-.5");
  });
});

describe("csvLine", () => {
  it("joins cells with commas and ends with CRLF", () => {
    expect(csvLine(["a", 1, null, "b,c"])).toBe('a,1,,"b,c"\r\n');
  });
});
