import { formatDateTime } from "@/lib/base/time/format";
import { type CsvSeparator, csvLine } from "./csv-line";

/**
 * How an export writes its cells. The machine dialect is what scripts read (`,`, decimal points, ISO-like
 * times, raw values); the Turkish spreadsheet dialect is what Excel in a Turkish locale opens as columns
 * and numbers without an import wizard: `;` between cells (Excel's list separator there), decimal commas
 * without grouping ("1234,50": a number, not text) and "GG.AA.YYYY SS:DD:ss" times.
 */
export interface CsvDialect {
  readonly name: "machine" | "excel-tr";
  readonly separator: CsvSeparator;
  /** A decimal string as the database gives it ("1234.50", "-507.00"). */
  decimal(text: string | null | undefined): string;
  time(date: Date | null | undefined): string;
  /** An Istanbul day, "YYYY-MM-DD". */
  day(text: string): string;
  line(values: (string | number | null | undefined)[]): string;
}

export const MACHINE_CSV: CsvDialect = {
  name: "machine",
  separator: ",",
  decimal: (text) => text ?? "",
  time: (date) => (date ? formatDateTime(date) : ""),
  day: (text) => text,
  line: (values) => csvLine(values, ","),
};

const dayTr = (text: string) => text.replace(/^(\d{4})-(\d{2})-(\d{2})/, "$3.$2.$1");

export const EXCEL_TR_CSV: CsvDialect = {
  name: "excel-tr",
  separator: ";",
  decimal: (text) => (text ? text.replace(".", ",") : ""),
  time: (date) => (date ? dayTr(formatDateTime(date)) : ""),
  day: dayTr,
  line: (values) => csvLine(values, ";"),
};
