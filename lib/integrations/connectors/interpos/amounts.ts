/**
 * InterVPOS writes amounts in its answers the Turkish way ("1,01", "1.056,20", "0"; mewebstudio's
 * InterPosResponseDataMapper::formatAmount drops "." and reads "," as the decimal point), and its 3-D return echoes
 * PurchAmount so ("1,01", or "1" for 1.00). A plain "150.00" (dot, two places: no thousands group has two digits) is
 * read as the decimal it is.
 */
export function minorOf(text: string | undefined): bigint | null {
  const value = (text ?? "").trim();
  const dot = /^(\d{1,13})\.(\d{2})$/.exec(value);
  if (dot) return BigInt(dot[1]!) * 100n + BigInt(dot[2]!);
  const turkish = /^(\d{1,3}(?:\.\d{3})+|\d{1,13})(?:,(\d{1,2}))?$/.exec(value);
  if (!turkish) return null;
  return BigInt(turkish[1]!.replace(/\./g, "")) * 100n + BigInt((turkish[2] ?? "").padEnd(2, "0"));
}

/** 15000n -> "150.00". */
export function decimalOf(minor: bigint): string {
  const digits = minor.toString().padStart(3, "0");
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** "150.00" (ours, always two places) -> 15000n. */
export function minorOfOurs(amount: string): bigint {
  const m = /^(\d{1,13})\.(\d{2})$/.exec(amount);
  if (!m) throw new Error(`amount must be a two-place decimal string, got ${JSON.stringify(amount)}`);
  return BigInt(m[1]!) * 100n + BigInt(m[2]!);
}
