import { describe, expect, it } from "vitest";
import { EXCEL_TR_CSV, MACHINE_CSV } from "./csv-dialect";

describe("CSV dialects", () => {
  const at = new Date("2026-03-12T09:00:05Z"); // 12:00:05 in Istanbul

  it("machine: commas, decimal points and Istanbul's ISO-like times, as scripts read them", () => {
    expect(MACHINE_CSV.line(["a;b", "1234.50", MACHINE_CSV.time(at)])).toBe("a;b,1234.50,2026-03-12 12:00:05\r\n");
    expect(MACHINE_CSV.decimal("-507.00")).toBe("-507.00");
    expect(MACHINE_CSV.day("2026-03-12")).toBe("2026-03-12");
  });

  it("Turkish Excel: semicolons, decimal commas without grouping and day-first times", () => {
    expect(EXCEL_TR_CSV.decimal("1234567.50")).toBe("1234567,50");
    expect(EXCEL_TR_CSV.decimal("-507.00")).toBe("-507,00");
    expect(EXCEL_TR_CSV.decimal(null)).toBe("");
    expect(EXCEL_TR_CSV.time(at)).toBe("12.03.2026 12:00:05");
    expect(EXCEL_TR_CSV.day("2026-03-12")).toBe("12.03.2026");
    // A `;` in a cell is quoted, a comma is plain text (a quoted "1000,50" could read as text); a negative
    // amount is a number, not a formula.
    expect(EXCEL_TR_CSV.line(["a;b", "Kaya, Ayşe", EXCEL_TR_CSV.decimal("-507.00"), "=1+1"])).toBe(
      '"a;b";Kaya, Ayşe;-507,00;\'=1+1\r\n',
    );
  });
});
