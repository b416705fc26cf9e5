/**
 * Amounts between ours and the partners' wires, for every connector. Ours are decimal strings with two places
 * ("1250.75", as the database's two-place columns give them). A partner writes an amount as whole kuruş ("125075"),
 * as a decimal with its own separator and places ("1250.75", "1250.7", "150", "1,01", "1.056,20") or as a JSON
 * number. A connector declares its partner's way once, an AmountWriting for what it sends and an AmountReading for
 * what it reads back, and converts with the functions here: writing refuses what the partner cannot carry before
 * any call, reading takes only what the declared syntax allows (null otherwise, never a guess).
 *
 * Everything is arithmetic on digit strings and BigInts, never floating point. A JSON number is read from
 * JavaScript's shortest round-trip text of it, which for the at most 15 significant digits a partner writes is
 * exactly the decimal it wrote; one is written only from such a decimal (jsonNumberOf).
 */

// ---------------------------------------------------------------- exact decimals

type Scaled = { units: bigint; scale: number };

const DECIMAL = /^-?\d+(\.\d+)?$/;

function scaled(text: string): Scaled {
  const negative = text.startsWith("-");
  const [whole, fraction = ""] = text.replace("-", "").split(".") as [string, string?];
  const units = BigInt(whole + fraction);
  return { units: negative ? -units : units, scale: fraction.length };
}

function rescale(value: Scaled, scale: number): bigint {
  return value.units * 10n ** BigInt(scale - value.scale);
}

/** `units` of 10^-places as a decimal string: (125075n, 2) -> "1250.75", (5n, 2) -> "0.05", (-5n, 0) -> "-5". */
function written(units: bigint, places: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(places + 1, "0");
  const body = places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`;
  return negative ? `-${body}` : body;
}

/** -1, 0 or 1; both sides decimal strings of any scale ("1250.5" equals "1250.50"). */
export function compareDecimals(a: string, b: string): number {
  const x = scaled(a);
  const y = scaled(b);
  const scale = Math.max(x.scale, y.scale);
  const diff = rescale(x, scale) - rescale(y, scale);
  return diff === 0n ? 0 : diff < 0n ? -1 : 1;
}

/** Rounds toward zero to `places` decimals: we never claim or send more than was there ("5" -> "5.00"). */
export function truncateDecimal(text: string, places: number): string {
  const value = scaled(text);
  const units = value.scale <= places ? rescale(value, places) : value.units / 10n ** BigInt(value.scale - places);
  return written(units, places);
}

/** a × b ÷ c, rounded toward zero to `places` decimals (c > 0). */
export function mulDivDown(a: string, b: string, c: string, places: number): string {
  const x = scaled(a);
  const y = scaled(b);
  const z = scaled(c);
  // (x.units/10^xs)(y.units/10^ys)/(z.units/10^zs) * 10^places
  const numerator = x.units * y.units * 10n ** BigInt(z.scale + places);
  const denominator = z.units * 10n ** BigInt(x.scale + y.scale);
  return written(numerator / denominator, places);
}

/** A decimal string or a JSON number as an exact decimal string of any scale ("1e-7" -> "0.0000001"); else null. */
export function decimalOfJsonNumber(value: unknown): string | null {
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
  if (typeof value === "string" && DECIMAL.test(value.trim())) return value.trim();
  return null;
}

/**
 * A decimal as the JSON number a partner reads ("1250.75" -> 1250.75, "150.00" -> 150). The number is the
 * double nearest the decimal, which JSON writes back as that decimal's shortest form while it has at most 15
 * significant digits (every two-place amount of up to 13 whole digits has).
 */
export function jsonNumberOf(decimal: string): number {
  return Number(decimal);
}

// ---------------------------------------------------------------- ours and kuruş

/** Ours: two places, at most 16 whole digits (the database's). */
const OURS = /^(\d{1,16})\.(\d{2})$/;

/** Ours ("1250.75") in kuruş (125075n); null for what is not ours. */
export function minorUnits(amount: string): bigint | null {
  const m = OURS.exec(amount);
  return m ? BigInt(m[1]!) * 100n + BigInt(m[2]!) : null;
}

/** Kuruş as ours: 125075n -> "1250.75", 5n -> "0.05". */
export function amountOfMinorUnits(minor: bigint): string {
  return written(minor, 2);
}

// ---------------------------------------------------------------- writing: ours on the partner's wire

export type AmountWriting = {
  /** "minor": whole kuruş, no separator ("125075"); "major": lira and a decimal fraction. */
  unit: "minor" | "major";
  /** Most whole lira digits the partner carries: a longer amount is refused before any call. */
  wholeDigits: number;
  /**
   * For "major", the places written: "two" always ("1250.70", "150.00"); "trimmed", trailing zeros and a bare
   * point dropped ("1250.7", "150"); "atLeastOne", trailing zeros dropped down to one ("1250.7", "150.0").
   */
  places?: "two" | "trimmed" | "atLeastOne";
  /** For "major": the decimal separator, "." unless the partner writes ",". */
  separator?: "." | ",";
};

/** Ours as the partner writes it, or null when it is not ours or has more whole digits than the partner carries. */
export function writeAmountOrNull(amount: string, writing: AmountWriting): string | null {
  const m = OURS.exec(amount);
  if (!m || m[1]!.length > writing.wholeDigits) return null;
  const whole = BigInt(m[1]!);
  if (writing.unit === "minor") return String(whole * 100n + BigInt(m[2]!));
  const places = writing.places ?? "two";
  const trimmed = m[2]!.replace(/0+$/, "");
  const fraction = places === "two" ? m[2]! : places === "trimmed" ? trimmed : trimmed || "0";
  return fraction === "" ? String(whole) : `${whole}${writing.separator ?? "."}${fraction}`;
}

/** Ours as the partner writes it; a RangeError for what the partner cannot carry (nothing is sent). */
export function writeAmount(amount: string, writing: AmountWriting): string {
  const text = writeAmountOrNull(amount, writing);
  if (text === null)
    throw new RangeError(
      `amount must be a two-place decimal string of at most ${writing.wholeDigits} whole digits, got ` +
        JSON.stringify(amount),
    );
  return text;
}

/** Ours in kuruş, refused (a RangeError) as writeAmount refuses what the partner cannot carry. */
export function minorUnitsFor(amount: string, writing: AmountWriting): bigint {
  return BigInt(writeAmount(amount, { ...writing, unit: "minor" }));
}

// ---------------------------------------------------------------- reading: the partner's amounts as ours

export type AmountReading = {
  /** "minor": whole kuruş ("125075"); "major": lira with an optional decimal fraction. */
  unit: "minor" | "major";
  /** Most whole digits read (lira, or kuruş for "minor"); left out: any number. */
  wholeDigits?: number;
  /** For "major", the separators read: "." unless said, ".," where the partner writes either. */
  separators?: "." | "," | ".,";
  /** For "major": "upToTwo" places, none to two ("150", "150.5", "150.50"); "two" exactly ("150.50"). */
  places?: "upToTwo" | "two";
  /** For "major": zeros past the second place are read as nothing ("1250.70000000" -> "1250.70"). */
  trailingZeros?: boolean;
  /** For "major": whole lira may be grouped by thousands with "." ("1.056,20"; give "," as the separator). */
  thousands?: boolean;
  /** JSON numbers are read too, from their shortest round-trip text (249.9 -> "249.90"). */
  numbers?: boolean;
  /** Read as sent: whitespace around it is refused (a signed field), rather than trimmed. */
  asSent?: boolean;
};

function patternOf(reading: AmountReading): RegExp {
  const whole = reading.wholeDigits === undefined ? "\\d+" : `\\d{1,${reading.wholeDigits}}`;
  if (reading.unit === "minor") return new RegExp(`^(${whole})$`);
  const grouped = reading.thousands ? `\\d{1,3}(?:\\.\\d{3})+|${whole}` : whole;
  const separator = { ".": "\\.", ",": ",", ".,": "[.,]" }[reading.separators ?? "."];
  const zeros = reading.trailingZeros ? "0*" : "";
  const fraction = reading.places === "two" ? `${separator}(\\d{2})` : `(?:${separator}(\\d{1,2})${zeros})?`;
  return new RegExp(`^(${grouped})${fraction}$`);
}

function readOne(value: unknown, reading: AmountReading): bigint | null {
  const text =
    typeof value === "string"
      ? reading.asSent
        ? value
        : value.trim()
      : typeof value === "number" && reading.numbers
        ? String(value)
        : null;
  if (text === null) return null;
  const m = patternOf(reading).exec(text);
  if (!m) return null;
  const whole = BigInt(m[1]!.replace(/\./g, ""));
  return reading.unit === "minor" ? whole : whole * 100n + BigInt((m[2] ?? "").padEnd(2, "0"));
}

/** A partner's amount in kuruş, by the first of its readings that takes it; null when none does. */
export function readMinorUnits(value: unknown, ...readings: [AmountReading, ...AmountReading[]]): bigint | null {
  for (const reading of readings) {
    const minor = readOne(value, reading);
    if (minor !== null) return minor;
  }
  return null;
}

/** A partner's amount as ours ("10,8" -> "10.80"), by the first of its readings that takes it; null otherwise. */
export function readAmount(value: unknown, ...readings: [AmountReading, ...AmountReading[]]): string | null {
  const minor = readMinorUnits(value, ...readings);
  return minor === null ? null : amountOfMinorUnits(minor);
}
