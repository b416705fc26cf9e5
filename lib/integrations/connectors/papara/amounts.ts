/**
 * Amounts between our decimal strings ("1250.75") and Papara's wire, where they are JSON numbers (its
 * clients declare `float`). A two-decimal amount of up to 13 integer digits round-trips through a double
 * exactly, and JavaScript writes it back in its shortest form (1250.75, 150): that is what is sent. Papara's
 * payments take 1.00 to 500000.00, its answers are read back into two-decimal strings without arithmetic.
 */

const OURS = /^(\d{1,13})\.(\d{2})$/;

/** Our amount as the JSON number Papara reads; null when it cannot be carried exactly. */
export function toPaparaAmount(amount: string): number | null {
  return OURS.test(amount) ? Number(amount) : null;
}

/** An amount from Papara's answer (a JSON number, or a string) as our two-decimal string, or null. */
export function fromPaparaAmount(value: unknown): string | null {
  let text: string;
  if (typeof value === "number") {
    if (!Number.isFinite(value) || value < 0) return null;
    text = String(value);
  } else if (typeof value === "string") text = value.trim();
  else return null;
  const match = /^(\d{1,13})(?:\.(\d{1,2})0*)?$/.exec(text);
  return match ? `${String(BigInt(match[1]!))}.${(match[2] ?? "").padEnd(2, "0")}` : null;
}

/** Papara's currency, written as its enum (0 = TRY) or as a code ("TRY" in its notification example). */
export function isTurkishLira(value: unknown): boolean {
  return value === 0 || value === "0" || value === "TRY" || value === "TL";
}
