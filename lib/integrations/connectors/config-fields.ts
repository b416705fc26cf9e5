/**
 * The keys of a connector's configuration as a form shows them: from its object schema, each key with
 * whether it is a secret (a write-only field) and whether it may be left out.
 */
export type ConfigField = { key: string; secret: boolean; optional: boolean };

type SchemaLike = { safeParse(input: unknown): { success: boolean } };

export function configFields(connector: { configSchema: unknown; secretKeys: readonly string[] }): ConfigField[] {
  const shape = (connector.configSchema as { shape?: Record<string, SchemaLike> }).shape ?? {};
  return Object.entries(shape).map(([key, field]) => ({
    key,
    secret: connector.secretKeys.includes(key),
    optional: field.safeParse(undefined).success,
  }));
}

/**
 * Typed form values as the schema wants them: text stays text unless the key's schema only takes what the
 * text spells in JSON (a number, true/false). Empty optional fields are left out.
 */
export function configFromForm(
  connector: { configSchema: unknown; secretKeys: readonly string[] },
  values: Record<string, string>,
): Record<string, unknown> {
  const shape = (connector.configSchema as { shape?: Record<string, SchemaLike> }).shape ?? {};
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
  return config;
}
