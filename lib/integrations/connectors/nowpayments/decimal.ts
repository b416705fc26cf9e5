/**
 * Exact decimal arithmetic for the few sums this connector computes (fiat paid on a partial payment, a
 * payout's coin amount): scaled BigInts, never floating point. NOWPayments writes amounts as JSON numbers;
 * JavaScript's shortest round-trip form of such a number is exactly the decimal they wrote.
 */

type Scaled = { units: bigint; scale: number };

/** A decimal string or a JSON number as an exact decimal string ("1e-7" -> "0.0000001"). */
export function decimalText(value: unknown): string | null {
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return null;
    const text = String(value);
    if (!/e/i.test(text)) return text;
    const [mantissa, exponent] = text.toLowerCase().split("e") as [string, string];
    const negative = mantissa.startsWith("-");
    const [whole, fraction = ""] = mantissa.replace("-", "").split(".") as [string, string?];
    const digits = whole + fraction;
    const point = whole.length + Number(exponent);
    const body =
      point <= 0
        ? `0.${"0".repeat(-point)}${digits}`
        : point >= digits.length
          ? digits + "0".repeat(point - digits.length)
          : `${digits.slice(0, point)}.${digits.slice(point)}`;
    return negative ? `-${body}` : body;
  }
  if (typeof value === "string" && /^-?\d+(\.\d+)?$/.test(value.trim())) return value.trim();
  return null;
}

function scaled(text: string): Scaled {
  const negative = text.startsWith("-");
  const [whole, fraction = ""] = text.replace("-", "").split(".") as [string, string?];
  const units = BigInt(whole + fraction);
  return { units: negative ? -units : units, scale: fraction.length };
}

function rescale(value: Scaled, scale: number): bigint {
  return value.units * 10n ** BigInt(scale - value.scale);
}

/** -1, 0 or 1; both sides decimal strings. */
export function compareDecimals(a: string, b: string): number {
  const x = scaled(a);
  const y = scaled(b);
  const scale = Math.max(x.scale, y.scale);
  const diff = rescale(x, scale) - rescale(y, scale);
  return diff === 0n ? 0 : diff < 0n ? -1 : 1;
}

function write(units: bigint, places: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(places + 1, "0");
  const body = places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`;
  return negative ? `-${body}` : body;
}

/** Rounds toward zero to `places` decimals: we never claim or send more than was there. */
export function truncateDecimal(text: string, places: number): string {
  const value = scaled(text);
  const units = value.scale <= places ? rescale(value, places) : value.units / 10n ** BigInt(value.scale - places);
  return write(units, places);
}

/** a × b ÷ c, rounded toward zero to `places` decimals (c > 0). */
export function mulDivDown(a: string, b: string, c: string, places: number): string {
  const x = scaled(a);
  const y = scaled(b);
  const z = scaled(c);
  // (x.units/10^xs)(y.units/10^ys)/(z.units/10^zs) * 10^places
  const numerator = x.units * y.units * 10n ** BigInt(z.scale + places);
  const denominator = z.units * 10n ** BigInt(x.scale + y.scale);
  return write(numerator / denominator, places);
}
