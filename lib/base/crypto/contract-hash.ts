import { createHash, timingSafeEqual } from "node:crypto";

/** H(a + b + ...) of both API documents: SHA-256, lowercase hex, of the values joined with no separator. */
export function contractHash(...parts: (string | number)[]): string {
  return createHash("sha256").update(parts.join("")).digest("hex");
}

/** Compares two hex digests in constant time, ignoring case. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a.toLowerCase());
  const right = Buffer.from(b.toLowerCase());
  return left.length === right.length && timingSafeEqual(left, right);
}

export const unixSeconds = (date = new Date()) => Math.floor(date.getTime() / 1000);
