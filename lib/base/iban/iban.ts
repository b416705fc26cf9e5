import { isValidIBAN } from "ibantools";

/** Removes spaces and upper-cases; IBANs are stored and compared in this form. */
export function normalizeIban(raw: string): string {
  return raw.replace(/\s+/g, "").toUpperCase();
}

/**
 * ISO 13616 as each country registers it (ibantools' registry): the country's own length and BBAN shape,
 * and the mod-97 check digits. A checksum alone lets a TR IBAN one character short through, which no
 * Turkish bank can pay.
 */
export function isValidIban(raw: string): boolean {
  return isValidIBAN(normalizeIban(raw));
}

/** "TR33 0006 1005 1978 6457 8413 26": groups of four, as printed on bank documents. */
export function formatIban(raw: string): string {
  return normalizeIban(raw)
    .replace(/(.{4})/g, "$1 ")
    .trim();
}

/** Builds a valid IBAN from a country code and BBAN by computing the check digits (sandbox and seeds). */
export function ibanFromBban(country: string, bban: string): string {
  const draft = `${country.toUpperCase()}00${bban.toUpperCase()}`;
  const rearranged = draft.slice(4) + draft.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const value = char >= "A" ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return `${country.toUpperCase()}${String(98 - remainder).padStart(2, "0")}${bban.toUpperCase()}`;
}
