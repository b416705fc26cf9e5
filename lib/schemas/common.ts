import { z } from "zod";
import { invalidIpEntries } from "@/lib/net/ip-list";
import { isValidIbanChecksum, normalizeIban } from "@/lib/iban/iban";

const MAX_AMOUNT_DIGITS = 16;

/**
 * An exact decimal amount with at most two decimal places, as a string for Prisma.Decimal. Accepts a
 * JSON number or, where `allowString`, a decimal string; never goes through float arithmetic after parse.
 */
export function amountSchema(options: { min: string; allowString?: boolean; field?: string }) {
  const label = options.field ?? "amount";
  return z
    .unknown()
    .transform((value, ctx) => {
      const text = typeof value === "number" ? (Number.isFinite(value) ? String(value) : "") : options.allowString && typeof value === "string" ? value.trim() : null;
      if (value === undefined || value === null) {
        ctx.addIssue({ code: "custom", message: `${label} is required` });
        return z.NEVER;
      }
      if (text === null) {
        ctx.addIssue({ code: "custom", message: `${label} must be a number` });
        return z.NEVER;
      }
      const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
      if (!match) {
        ctx.addIssue({ code: "custom", message: `${label} must be a positive number with at most 2 decimal places` });
        return z.NEVER;
      }
      if (match[1]!.replace(/^0+/, "").length > MAX_AMOUNT_DIGITS) {
        ctx.addIssue({ code: "custom", message: `${label} is too large` });
        return z.NEVER;
      }
      const normalized = `${BigInt(match[1]!)}.${(match[2] ?? "").padEnd(2, "0")}`;
      if (compareDecimal(normalized, options.min) < 0) {
        ctx.addIssue({ code: "custom", message: `${label} must be at least ${options.min}` });
        return z.NEVER;
      }
      return normalized;
    })
    .meta(amountDocumentation(label, options));
}

/** What the OpenAPI document says about an amount (the transform itself has no JSON Schema). */
function amountDocumentation(label: string, options: { min: string; allowString?: boolean }) {
  const asNumber = { type: "number", minimum: Number(options.min) };
  const description = `${label} in TRY, at least ${options.min}, at most 2 decimal places`;
  if (!options.allowString) return { ...asNumber, description };
  return { anyOf: [asNumber, { type: "string", pattern: "^\\d+(\\.\\d{1,2})?$" }], description: `${description}; a JSON number or a decimal string` };
}

/** Compares two non-negative decimal strings with two places ("12.30"). */
export function compareDecimal(a: string, b: string): number {
  const toCents = (s: string) => {
    const [whole, frac = ""] = s.split(".");
    return BigInt(whole!) * 100n + BigInt((frac + "00").slice(0, 2));
  };
  const diff = toCents(a) - toCents(b);
  return diff === 0n ? 0 : diff < 0n ? -1 : 1;
}

export function requiredString(field: string, max = 255) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a string`) })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);
}

export function ibanSchema(field = "iban") {
  return requiredString(field, 64)
    .transform(normalizeIban)
    .refine((v) => v.length >= 15 && v.length <= 34, `${field} must be 15 to 34 characters`)
    .refine(isValidIbanChecksum, `${field} is not a valid IBAN (checksum failed)`);
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && Boolean(url.hostname);
  } catch {
    return false;
  }
}

export const httpUrlSchema = z.string().trim().refine(isHttpUrl, "must be an http(s) URL");

/** A URL field of a console form: blank clears it (null); the message names the field. */
export function optionalHttpUrl(field: string) {
  return z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? null : v),
    z.string({ error: `${field} must be text` }).trim().max(2000, `${field} must be at most 2000 characters`).refine(isHttpUrl, `${field} must be an http(s) URL`).nullable(),
  );
}

export const ipListSchema = z
  .array(z.string().trim().min(1))
  .superRefine((entries, ctx) => {
    for (const bad of invalidIpEntries(entries)) ctx.addIssue({ code: "custom", message: `"${bad}" is not a valid IP address or CIDR range` });
  });
