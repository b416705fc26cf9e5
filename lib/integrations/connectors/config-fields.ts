/**
 * The keys of a connector's configuration as a form shows them: from its object schema, each key with
 * whether it is a secret (a write-only field), whether it may be left out, and the input its schema asks for: a
 * toggle for true/false, a choice for a fixed list (TEST or PROD), a number, or text.
 */
export type ConfigInput =
  { kind: "text" } | { kind: "number" } | { kind: "boolean" } | { kind: "choice"; options: string[] };

export type ConfigField = { key: string; secret: boolean; optional: boolean; input: ConfigInput };

type SchemaLike = {
  safeParse(input: unknown): { success: boolean };
  def?: { type?: string; innerType?: SchemaLike };
  options?: unknown;
};

/** The schema under its default and optional wrappers: what a value must be. */
function innerOf(field: SchemaLike): SchemaLike {
  let inner = field;
  while (inner.def?.innerType && (inner.def.type === "default" || inner.def.type === "optional"))
    inner = inner.def.innerType;
  return inner;
}

function inputOf(field: SchemaLike): ConfigInput {
  const inner = innerOf(field);
  if (inner.def?.type === "boolean") return { kind: "boolean" };
  if (inner.def?.type === "number") return { kind: "number" };
  if (inner.def?.type === "enum" && Array.isArray(inner.options))
    return { kind: "choice", options: inner.options.map(String) };
  return { kind: "text" };
}

const shapeOf = (connector: { configSchema: unknown }) =>
  (connector.configSchema as { shape?: Record<string, SchemaLike> }).shape ?? {};

export function configFields(connector: { configSchema: unknown; secretKeys: readonly string[] }): ConfigField[] {
  return Object.entries(shapeOf(connector)).map(([key, field]) => ({
    key,
    secret: connector.secretKeys.includes(key),
    optional: field.safeParse(undefined).success,
    input: inputOf(field),
  }));
}

/**
 * Typed form values as the schema wants them: text stays text unless the key's schema only takes what the
 * text spells in JSON (a number, true/false). Empty optional fields are left out. A toggle that is not ticked posts
 * nothing, so every true/false key the form did not post is false.
 */
export function configFromForm(
  connector: { configSchema: unknown; secretKeys: readonly string[] },
  values: Record<string, string>,
): Record<string, unknown> {
  const shape = shapeOf(connector);
  const config: Record<string, unknown> = {};
  for (const [key, text] of Object.entries(values)) {
    if (text === "" && !connector.secretKeys.includes(key)) continue;
    const field = shape[key];
    let value: unknown = text;
    if (field && !field.safeParse(text).success) {
      try {
        const parsed: unknown = JSON.parse(text);
        if (field.safeParse(parsed).success) value = parsed;
      } catch {
        // kept as text: the schema names what is wrong with it
      }
    }
    config[key] = value;
  }
  for (const field of configFields(connector))
    if (field.input.kind === "boolean" && !(field.key in values)) config[field.key] = false;
  return config;
}
