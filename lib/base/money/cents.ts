/** Decimal money strings ("150.5", "150.50") as whole cents (BigInt) and back: sums without floating point. */
export function toCents(amount: string): bigint | null {
  const m = /^(\d{1,16})(?:\.(\d{1,2}))?$/.exec(amount.trim());
  return m ? BigInt(m[1]!) * 100n + BigInt((m[2] ?? "").padEnd(2, "0")) : null;
}

export function fromCents(cents: bigint): string {
  const sign = cents < 0n ? "-" : "";
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`;
}
