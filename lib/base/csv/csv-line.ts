// Spreadsheet programs run a cell that starts with one of these as a formula (CSV injection); tab and
// carriage return count too because some programs strip them before looking.
const FORMULA_START = /^[=+\-@\t\r]/;

// A negative decimal ("-507.00", or "-507,00" in the Turkish variant: an amount the provider owes) is a
// number to a spreadsheet, not a formula.
const NEGATIVE_DECIMAL = /^-\d+(?:[.,]\d+)?$/;

/**
 * One CSV cell: formula-looking text is prefixed with ' and anything with the separator, a quote or a line
 * break is quoted (with `;` as the separator a comma is plain text: "1000,50" stays a number to Excel).
 */
export function csvCell(value: string | number | null | undefined, separator: CsvSeparator = ","): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text) && !NEGATIVE_DECIMAL.test(text)) text = `'${text}`;
  const special = separator === "," ? /[",\r\n]/ : /[";\r\n]/;
  return special.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export type CsvSeparator = "," | ";";

/** One CSV record (RFC 4180: CRLF line ends). */
export function csvLine(values: (string | number | null | undefined)[], separator: CsvSeparator = ","): string {
  return `${values.map((value) => csvCell(value, separator)).join(separator)}\r\n`;
}

/** Excel reads a BOM-less CSV as the local code page, which mangles Turkish letters (ş, ğ, İ). */
export const UTF8_BOM = "\uFEFF";
