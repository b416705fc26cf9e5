import { isValidIban } from "@/lib/base/iban/iban";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { Schema } from "./schema-arbitrary";

/** A decimal text ("12.5", "1e-7") as numerator / 10^scale, exactly. */
function toDecimal(text: string): { digits: bigint; scale: number } {
  const [mantissa = "0", exponent = "0"] = text.toLowerCase().split("e");
  const [whole = "0", fraction = ""] = mantissa.replace("-", "").split(".");
  const scale = fraction.length - Number(exponent);
  const digits = BigInt(`${whole}${fraction}`) * (mantissa.startsWith("-") ? -1n : 1n);
  return scale >= 0 ? { digits, scale } : { digits: digits * 10n ** BigInt(-scale), scale: 0 };
}

/**
 * multipleOf on the decimal the client writes (JSON numbers are decimal text), not on binary floats, where
 * 1.15 / 0.01 is 114.99999999999999 and would call a valid amount invalid.
 */
export function isDecimalMultiple(value: number, of: number): boolean {
  const v = toDecimal(JSON.stringify(value));
  const m = toDecimal(String(of));
  const scale = Math.max(v.scale, m.scale);
  const lift = (d: { digits: bigint; scale: number }) => d.digits * 10n ** BigInt(scale - d.scale);
  return lift(v) % lift(m) === 0n;
}

/**
 * ISO 13616 as the service checks it: spaces ignored, either case, each country's registered length and BBAN
 * shape, and the mod-97 check digits (ibantools' registry, as the API's IBAN fields).
 */
export function isIban(value: string): boolean {
  return isValidIban(value);
}

/**
 * Decides from the OpenAPI document alone whether a request is valid: JSON Schema 2020-12 (Ajv) with the
 * formats the document names, including its own "iban".
 */
export function requestOracle() {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addFormat("iban", isIban);
  ajv.removeKeyword("multipleOf");
  ajv.addKeyword({
    keyword: "multipleOf",
    type: "number",
    schemaType: "number",
    validate: (of: number, value: number) => isDecimalMultiple(value, of),
  });
  const compiled = new WeakMap<Schema, ValidateFunction>();
  return (schema: Schema, value: unknown): { valid: boolean; errors: string } => {
    let validate = compiled.get(schema);
    if (!validate) compiled.set(schema, (validate = ajv.compile(schema)));
    const valid = validate(value);
    return { valid, errors: valid ? "" : ajv.errorsText(validate.errors) };
  };
}

/** What a query string means to the document: integer parameters are integers when written as one ("7", "-3"). */
export function readQuery(schema: Schema, query: Record<string, string>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(query).map(([name, text]) => {
      const type = schema.properties?.[name]?.type;
      if (type === "integer" && /^-?\d+$/.test(text)) return [name, Number(text)];
      return [name, text];
    }),
  );
}
