import { z } from "zod";
import { callbackUrlProblem } from "@/lib/base/net/callback-url-policy";
import { invalidIpEntries } from "@/lib/base/ip/ip-list";
import { compareDecimal } from "@/lib/base/money/compare-decimal";
import { isValidIban, normalizeIban } from "@/lib/base/iban/iban";
import { keyed } from "./validate";

/**
 * The largest amount anywhere: 13 integer digits fit NUMERIC(18,2) with room for sums, and every value up to it
 * with two decimals has at most 15 significant digits, so a JSON number of it converts to exactly that decimal.
 */
export const MAX_AMOUNT = "9999999999999.99";
const MAX_AMOUNT_DIGITS = 13;

/** PostgreSQL's largest integer (INT4); ids and other integers that reach the database stay within it. */
export const MAX_INT4 = 2_147_483_647;

/** A database id from a form or the command line: a positive INT4. */
export const dbIdSchema = z.coerce.number().int().positive().max(MAX_INT4);

type AmountOptions = {
  min: string;
  allowString?: boolean;
  field?: string;
  /** A higher minimum checked after the body, as a business error with its own code; documented as the minimum. */
  businessMin?: { min: string; errorCode: string };
};

/**
 * An exact decimal amount with at most two decimal places, as a string for Prisma.Decimal. Accepts a
 * JSON number or, where `allowString`, a decimal string; never goes through float arithmetic after parse.
 */
export function amountSchema(options: AmountOptions) {
  const label = options.field ?? "amount";
  return z
    .unknown()
    .transform((value, ctx) => {
      const text =
        typeof value === "number"
          ? Number.isFinite(value)
            ? String(value)
            : ""
          : options.allowString && typeof value === "string"
            ? value.trim()
            : null;
      if (value === undefined || value === null) {
        ctx.addIssue({ code: "custom", message: `${label} is required`, params: keyed("required", { field: label }) });
        return z.NEVER;
      }
      if (text === null) {
        ctx.addIssue({
          code: "custom",
          message: `${label} must be a number`,
          params: keyed("number", { field: label }),
        });
        return z.NEVER;
      }
      const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
      if (!match) {
        ctx.addIssue({
          code: "custom",
          message: `${label} must be a positive number with at most 2 decimal places`,
          params: keyed("decimals", { field: label }),
        });
        return z.NEVER;
      }
      if (match[1]!.replace(/^0+/, "").length > MAX_AMOUNT_DIGITS) {
        ctx.addIssue({
          code: "custom",
          message: `${label} must be at most ${MAX_AMOUNT}`,
          params: keyed("atMost", { field: label, max: MAX_AMOUNT }),
        });
        return z.NEVER;
      }
      const normalized = `${BigInt(match[1]!)}.${(match[2] ?? "").padEnd(2, "0")}`;
      if (compareDecimal(normalized, options.min) < 0) {
        ctx.addIssue({
          code: "custom",
          message: `${label} must be at least ${options.min}`,
          params: keyed("atLeast", { field: label, min: options.min }),
        });
        return z.NEVER;
      }
      return normalized;
    })
    .meta(amountDocumentation(label, options));
}

/** A regular expression for the decimal strings the amount check accepts from `min` up to MAX_AMOUNT. */
export function decimalPattern(min: string): string {
  const fraction = "(?:\\.\\d{1,2})?";
  const [whole = "0", cents = "00"] = min.split(".");
  let value: string;
  if (whole === "0" && cents === "00") value = `(?:0*[1-9]\\d{0,${MAX_AMOUNT_DIGITS - 1}}|0+)${fraction}`;
  else if (whole === "0" && cents === "01")
    value = `(?:0*[1-9]\\d{0,${MAX_AMOUNT_DIGITS - 1}}${fraction}|0+\\.(?:0[1-9]|[1-9]\\d?))`;
  else if (/^[1-9]\d*$/.test(whole) && /^0{0,2}$/.test(cents)) value = `0*${integerAtLeast(whole)}${fraction}`;
  else throw new Error(`no decimal pattern for a minimum of ${min}`);
  // The check trims the string first, so surrounding white space is allowed.
  return `^\\s*${value}\\s*$`;
}

/** Integers from n (no leading zeros) up to MAX_AMOUNT_DIGITS digits, as a regular expression. */
function integerAtLeast(n: string): string {
  const digits = (count: number) => (count === 0 ? "" : count === 1 ? "\\d" : `\\d{${count}}`);
  const options = n.length < MAX_AMOUNT_DIGITS ? [`[1-9]\\d{${n.length},${MAX_AMOUNT_DIGITS - 1}}`] : [];
  for (let i = 0; i < n.length; i++) {
    const digit = Number(n[i]);
    if (digit < 9) options.push(`${n.slice(0, i)}[${digit + 1}-9]${digits(n.length - i - 1)}`);
  }
  options.push(n);
  return `(?:${options.join("|")})`;
}

/** What the OpenAPI document says about an amount (the transform itself has no JSON Schema). */
function amountDocumentation(label: string, options: AmountOptions) {
  const min = options.businessMin?.min ?? options.min;
  const asNumber = { type: "number", minimum: Number(min), maximum: Number(MAX_AMOUNT), multipleOf: 0.01 };
  const below = options.businessMin
    ? `; below ${min} it is refused with 422 error_code ${options.businessMin.errorCode}`
    : "";
  const description = `${label} in TRY, at least ${min}, at most ${MAX_AMOUNT}, at most 2 decimal places${below}`;
  if (!options.allowString) return { ...asNumber, description };
  return {
    anyOf: [asNumber, { type: "string", pattern: decimalPattern(min) }],
    description: `${description}; a JSON number or a decimal string`,
  };
}

/**
 * Characters PostgreSQL cannot store in text: NUL (error 22021), and halves of UTF-16 surrogate pairs without
 * their other half (they would be stored as U+FFFD, not as sent). With the u flag the class matches only those.
 */
const UNSTORABLE = /[\u0000\uD800-\uDFFF]/u;
const STORABLE = "[^\\u0000\\uD800-\\uDFFF]";
/** Any storable text; the same, but not blank (white space alone is trimmed to nothing). */
export const TEXT_PATTERN = `^${STORABLE}*$`;
const NON_BLANK_PATTERN = `^${STORABLE}*[^\\s\\u0000\\uD800-\\uDFFF]${STORABLE}*$`;

/** Length in characters (code points), as JSON Schema's maxLength counts, not UTF-16 units. */
const characters = (value: string) => [...value].length;

/**
 * Free text that reaches the database: at most `max` characters as sent, storable, then trimmed; required text
 * must not be blank. The document states exactly that (maxLength, a pattern), so the two cannot disagree.
 */
function text(field: string, max: number, required: boolean) {
  const schema = z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a string`) })
    .refine((v) => !UNSTORABLE.test(v), {
      message: `${field} must not contain NUL or unpaired surrogate characters`,
      params: keyed("unstorable", { field }),
    })
    .refine((v) => characters(v) <= max, {
      message: `${field} must be at most ${max} characters`,
      params: keyed("maxChars", { field, limit: max }),
    })
    .trim();
  const checked = required
    ? schema.refine((v) => v.length > 0, { message: `${field} is required`, params: keyed("required", { field }) })
    : schema;
  return checked.meta({
    type: "string",
    ...(required ? { minLength: 1 } : {}),
    maxLength: max,
    pattern: required ? NON_BLANK_PATTERN : TEXT_PATTERN,
  });
}

export function requiredString(field: string, max = 255) {
  return text(field, max, true);
}

export function optionalString(field: string, max = 255) {
  return text(field, max, false).optional();
}

/** Storable text of a console form or filter (no length of its own beyond what the caller adds). */
export const storableString = z
  .string()
  .refine((v) => !UNSTORABLE.test(v), "must not contain NUL or unpaired surrogate characters");

const EMAIL_LOCAL_PART = String.raw`(?!\.)(?!.*\.\.)[A-Za-z0-9_'+.-]*[A-Za-z0-9_+-]`;
const EMAIL_DOMAIN = String.raw`(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}`;
const EMAIL = new RegExp(`^${EMAIL_LOCAL_PART}@${EMAIL_DOMAIN}$`);

/** An email address as sent (not trimmed), within what `format: email` allows; the document states the pattern. */
export function emailSchema(field = "email") {
  return z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a string`) })
    .max(255, `${field} must be at most 255 characters`)
    .regex(EMAIL, `${field} must be a valid email address`)
    .meta({ type: "string", format: "email", maxLength: 255, pattern: EMAIL.source });
}

/** An IBAN as the server reads it: white space anywhere is ignored and letters may be lower case. */
const IBAN_PATTERN = "^\\s*[A-Za-z]\\s*[A-Za-z]\\s*\\d\\s*\\d(?:\\s*[A-Za-z0-9]){11,30}\\s*$";

/** The document's IBAN: `format: iban` (ISO 13616 with its mod-97 checksum, which no pattern can express). */
export function ibanDocumentation(refusal = "") {
  return {
    type: "string",
    format: "iban",
    minLength: 15,
    maxLength: 64,
    pattern: IBAN_PATTERN,
    description:
      `IBAN (ISO 13616): 15 to 34 letters and digits once spaces are removed (spaces and lower case are ` +
      `accepted), country code and check digits first; the length and format registered for the country and the ` +
      `mod-97 checksum must hold${refusal}.`,
  };
}

export function ibanSchema(field = "iban") {
  return requiredString(field, 64)
    .transform(normalizeIban)
    .refine((v) => v.length >= 15 && v.length <= 34, {
      message: `${field} must be 15 to 34 characters`,
      params: keyed("ibanLength", { field }),
    })
    .refine(isValidIban, {
      message: `${field} is not a valid IBAN (checksum failed)`,
      params: keyed("ibanChecksum", { field }),
    })
    .meta(ibanDocumentation());
}

function isHttpUrl(value: string): boolean {
  if (UNSTORABLE.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && Boolean(url.hostname);
  } catch {
    return false;
  }
}

/** A callback URL must also be allowed where it will be used: https in production, no non-public IP literal. */
function refineCallbackUrl(field: string) {
  return (value: string, ctx: z.RefinementCtx) => {
    const problem = isHttpUrl(value) ? callbackUrlProblem(new URL(value)) : null;
    if (problem) ctx.addIssue({ code: "custom", message: `${field} ${problem}` });
  };
}

export const httpUrlSchema = z
  .string()
  .trim()
  .refine(isHttpUrl, "must be an http(s) URL")
  .superRefine(refineCallbackUrl("callback URL"));

/** A URL field of a console form: blank clears it (null); the message names the field. */
export function optionalHttpUrl(field: string) {
  return z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? null : v),
    z
      .string({ error: `${field} must be text` })
      .trim()
      .max(2000, `${field} must be at most 2000 characters`)
      .refine(isHttpUrl, { message: `${field} must be an http(s) URL`, params: keyed("httpUrl", { field }) })
      .superRefine(refineCallbackUrl(field))
      .nullable(),
  );
}

export const ipListSchema = z.array(z.string().trim().min(1)).superRefine((entries, ctx) => {
  for (const bad of invalidIpEntries(entries))
    ctx.addIssue({
      code: "custom",
      message: `"${bad}" is not a valid IP address or CIDR range`,
      params: keyed("ipEntry", { entry: bad }),
    });
});
