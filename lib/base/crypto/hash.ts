import { createHash, timingSafeEqual } from "node:crypto";

/** Constant-time, case-insensitive comparison of hex digests. */
export function hexDigestsEqual(expectedHex: string, givenHex: string): boolean {
  const expected = Buffer.from(expectedHex.toLowerCase(), "utf8");
  const given = Buffer.from(givenHex.toLowerCase(), "utf8");
  if (expected.length !== given.length) {
    timingSafeEqual(expected, expected);
    return false;
  }
  return timingSafeEqual(expected, given);
}

/** Constant-time equality of two secrets of any length. */
export function secretsEqual(a: string, b: string): boolean {
  const da = createHash("sha256").update(a).digest();
  const db = createHash("sha256").update(b).digest();
  return timingSafeEqual(da, db) && a.length === b.length;
}
