/** Compares two non-negative decimal strings with two places ("12.30"), in whole cents, never as floats. */
export function compareDecimal(a: string, b: string): number {
  const toCents = (s: string) => {
    const [whole, frac = ""] = s.split(".");
    return BigInt(whole!) * 100n + BigInt((frac + "00").slice(0, 2));
  };
  const diff = toCents(a) - toCents(b);
  return diff === 0n ? 0 : diff < 0n ? -1 : 1;
}
