import fc from "fast-check";

/** The part of JSON Schema 2020-12 the OpenAPI document uses for request bodies and query parameters. */
export type Schema = {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean;
  maxProperties?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  multipleOf?: number;
  anyOf?: Schema[];
  default?: unknown;
};

/** Values a document-driven client may send for one field; `hints` are known-good values (a real gateway id). */
export type Hints = Record<string, unknown[]>;

const length = (value: string) => [...value].length;

/** Text from everywhere in Unicode, plus the characters that usually break things (spaces, Turkish letters, emoji). */
const anyText = fc.oneof(
  fc.string({ unit: "binary", maxLength: 12 }),
  fc.string({
    unit: fc.constantFrom(" ", "a", "Z", "7", "ş", "İ", "ı", "é", "😀", "\u00a0", "\t", "-", ".", "_", "'", "\u3000"),
    maxLength: 16,
  }),
);

function ibanCheckDigits(country: string, bban: string): string {
  let remainder = 0;
  for (const char of `${bban}${country}00`) {
    for (const digit of char >= "A" ? String(char.charCodeAt(0) - 55) : char)
      remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return String(98 - remainder).padStart(2, "0");
}

/**
 * ISO 13616 IBANs as their country registers them (Turkey's and Germany's length and BBAN shape) with correct
 * check digits, sometimes grouped by four or in lower case as people type them.
 */
const bbanOfCountry = fc.oneof(
  fc.tuple(fc.constant("TR"), fc.stringMatching(/^[0-9]{5}[A-Z0-9]{17}$/)),
  fc.tuple(fc.constant("DE"), fc.stringMatching(/^[0-9]{18}$/)),
);
const iban = fc.tuple(bbanOfCountry, fc.constantFrom("plain", "grouped", "lower")).map(([[country, bban], style]) => {
  const value = `${country}${ibanCheckDigits(country, bban)}${bban}`;
  if (style === "grouped") return value.replace(/(.{4})/g, "$1 ").trim();
  return style === "lower" ? value.toLowerCase() : value;
});

const email = fc.stringMatching(
  /^[a-z0-9_+-]{1,12}(\.[a-z0-9'_+-]{1,6})?@([a-z0-9]{1,10}-?[a-z0-9]{1,10}\.){1,2}[a-z]{2,8}$/,
);

const DAY_MS = 86_400_000;
const date = fc
  .integer({ min: Date.parse("0000-01-01T00:00:00Z") / DAY_MS, max: Date.parse("9999-12-31T00:00:00Z") / DAY_MS })
  .map((day) => new Date(day * DAY_MS).toISOString().slice(0, 10));

const FORMATS: Record<string, fc.Arbitrary<string>> = { iban, email, date };

function stringValue(schema: Schema): fc.Arbitrary<string> {
  const pattern = schema.pattern ? new RegExp(schema.pattern, "u") : null;
  const sources: fc.Arbitrary<string>[] = [];
  if (schema.format && FORMATS[schema.format]) sources.push(FORMATS[schema.format]!);
  else {
    if (pattern) sources.push(fc.stringMatching(pattern));
    sources.push(anyText);
    // The longest value allowed, in characters that take one, two and four bytes.
    if (schema.maxLength) sources.push(fc.constantFrom("a", "ş", "😀").map((c) => c.repeat(schema.maxLength!)));
  }
  return fc
    .oneof(...sources)
    .filter(
      (v) =>
        length(v) >= (schema.minLength ?? 0) &&
        length(v) <= (schema.maxLength ?? Infinity) &&
        (!pattern || pattern.test(v)),
    );
}

function numberValue(schema: Schema, integer: boolean): fc.Arbitrary<number> {
  const step = integer ? 1 : (schema.multipleOf ?? 0.01);
  const low = schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + step : (schema.minimum ?? -1e6);
  const high = schema.maximum ?? low + 1e9;
  const units = (n: number) => Math.round(n / step);
  const scaled = (lo: number, hi: number) =>
    fc
      .integer({
        min: Math.max(units(lo), -Number.MAX_SAFE_INTEGER),
        max: Math.min(units(hi), Number.MAX_SAFE_INTEGER),
      })
      .map((u) => (integer ? u : u / Math.round(1 / step)));
  // Mostly near the lower bound (where business limits usually are), sometimes anywhere, and both bounds.
  return fc.oneof(
    { weight: 3, arbitrary: scaled(low, Math.min(high, low + 5000)) },
    { weight: 1, arbitrary: scaled(low, high) },
    fc.constantFrom(low, high),
  );
}

/** Arbitrary values the schema calls valid (a generator, not an oracle: the caller validates what it sends). */
export function validValue(schema: Schema, hints: Hints = {}, name = ""): fc.Arbitrary<unknown> {
  const own = (() => {
    if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => validValue(s, {}, name)));
    if (schema.type === "object") return validObject(schema, hints);
    if (schema.type === "string") return stringValue(schema);
    if (schema.type === "integer" || schema.type === "number") return numberValue(schema, schema.type === "integer");
    if (schema.type === "boolean") return fc.boolean();
    return fc.jsonValue();
  })();
  const known = hints[name];
  // Known-good values mostly, so that requests get past the business rules (a real gateway, its coin) to the end.
  return known?.length
    ? fc.oneof({ weight: 1, arbitrary: own }, { weight: 3, arbitrary: fc.constantFrom(...known) })
    : own;
}

function validObject(schema: Schema, hints: Hints): fc.Arbitrary<Record<string, unknown>> {
  if (schema.maxProperties === 0) return fc.constant({});
  const properties = Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([key, s]) => [key, validValue(s, hints, key)]),
  );
  return fc.record(properties, { requiredKeys: schema.required ?? [] }) as fc.Arbitrary<Record<string, unknown>>;
}

/**
 * Values that break one rule of one field: wrong types, empty and blank text, one character too many, NUL and
 * unpaired surrogates, pattern and format violations, numbers out of range or between cents. Some of them may
 * still be valid (a padded value where spaces are allowed); the oracle decides, not this generator.
 */
function brokenValues(schema: Schema): fc.Arbitrary<unknown> {
  const valid = validValue(schema);
  const kinds: fc.Arbitrary<unknown>[] = [fc.constantFrom(null, true, [], {}, [1])];
  const types = schema.anyOf ? schema.anyOf.map((s) => s.type) : [schema.type];
  if (types.includes("string")) {
    const string = schema.anyOf?.find((s) => s.type === "string") ?? schema;
    const validString = validValue(string) as fc.Arbitrary<string>;
    kinds.push(
      fc.constantFrom(
        "",
        " ",
        "\t\n",
        "0",
        "0.00",
        "-1",
        "1e3",
        "NaN",
        "2024-02-30",
        "0000-00-00",
        "TR330006100519786457841327",
        "a@b",
        "a@b.c",
        "x".repeat(300),
      ),
      validString.map((v) => `${v}\u0000`),
      validString.map((v) => `\u0000${v}`),
      validString.map((v) => `${v.slice(0, 1)}\ud800${v.slice(1)}`),
      validString.map((v) => ` ${v} `),
      validString.map((v) => `${v}${"a".repeat(Math.max(1, (string.maxLength ?? 0) + 1 - length(v)))}`),
      anyText,
    );
    if (!types.includes("number") && !types.includes("integer")) kinds.push(fc.constantFrom(0, 1, 12.5));
  }
  if (types.includes("number") || types.includes("integer")) {
    const number = schema.anyOf?.find((s) => s.type === "number" || s.type === "integer") ?? schema;
    const bounds = [number.minimum, number.maximum, number.exclusiveMinimum].filter(
      (n): n is number => n !== undefined,
    );
    kinds.push(
      fc.constantFrom(0, -0.01, -1, 0.001, 1.005, 2 ** 31, 2 ** 31 - 1, 2 ** 53, 1e21, 1e300, -1e300, 5e-324, 12.345),
      fc
        .constantFrom(...(bounds.length ? bounds : [0]))
        .chain((b) => fc.constantFrom(b - 0.01, b + 0.01, b - 1, b + 1, b + 0.001)),
    );
    if (!types.includes("string")) kinds.push(fc.constantFrom("1", "10.00", "abc"));
  }
  return fc.oneof(
    ...kinds,
    valid.map((v) => (typeof v === "number" ? v + 0.005 : v)),
  );
}

/** Whole requests (bodies or query objects) with one field broken, a field missing, an unknown field, or a non-object. */
export function brokenObject(schema: Schema, hints: Hints = {}, options: { body: boolean }): fc.Arbitrary<unknown> {
  const valid = validObject(schema, hints);
  const properties = Object.entries(schema.properties ?? {});
  const kinds: fc.Arbitrary<unknown>[] = [];
  // Query strings have no types and no undeclared parameters in the document, so those two apply to bodies only.
  if (options.body)
    kinds.push(
      valid.map((v) => ({ ...v, unexpected_field: "x" })),
      fc.constantFrom([], "text", 42, null, [{}]),
    );
  for (const [key, property] of properties) {
    kinds.push(fc.tuple(valid, brokenValues(property)).map(([v, broken]) => ({ ...v, [key]: broken })));
    if (schema.required?.includes(key))
      kinds.push(valid.map((v) => Object.fromEntries(Object.entries(v).filter(([k]) => k !== key))));
  }
  return fc.oneof(...kinds);
}
