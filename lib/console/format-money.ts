/** A decimal string from the database ("12345.5", "-3.00") with thousands separators and two decimals. */
export function formatAmount(value: string): string {
  // String work only: a float would round totals past 2^53 cents and print 0.1 + 0.2 style noise.
  const match = /^(-?)(\d+)(?:\.(\d*))?$/.exec(value.trim());
  if (!match) return value;
  const [, sign, whole, fraction = ""] = match;
  const grouped = whole!.replace(/^0+(?=\d)/, "").replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${sign}${grouped}.${fraction.padEnd(2, "0").slice(0, 2)}`;
}

/** Console money: amounts are TRY throughout the service. */
export function formatMoney(value: string): string {
  return `${formatAmount(value)} TRY`;
}
