type JsonSchema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  description?: string;
};

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function objectType(schema: JsonSchema, indent: string): string {
  const inner = `${indent}  `;
  const required = new Set(schema.required ?? []);
  const fields = Object.entries(schema.properties ?? {}).map(([name, value]) => {
    const key = IDENTIFIER.test(name) ? name : JSON.stringify(name);
    const doc = value.description ? `${inner}/** ${value.description.replace(/\*\//g, "* /")} */\n` : "";
    return `${doc}${inner}${key}${required.has(name) ? "" : "?"}: ${schemaType(value, inner)};`;
  });
  const extra = schema.additionalProperties;
  if (extra && typeof extra === "object") fields.push(`${inner}[key: string]: ${schemaType(extra, inner)};`);
  else if (extra !== false && !schema.properties) return "Record<string, unknown>";
  return fields.length ? `{\n${fields.join("\n")}\n${indent}}` : "Record<string, never>";
}

/**
 * A TypeScript type for a JSON Schema as zod's toJSONSchema writes the API's schemas (objects, arrays,
 * scalars, const, enum, unions): how the downloadable SDK carries the same types as the one in the repository.
 */
export function schemaType(schema: JsonSchema, indent = ""): string {
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return union.map((s) => schemaType(s, indent)).join(" | ");
  if (schema.allOf) return schema.allOf.map((s) => `(${schemaType(s, indent)})`).join(" & ");
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length === 0) return schema.properties ? objectType(schema, indent) : "unknown";
  return types
    .map((type) => {
      switch (type) {
        case "object":
          return objectType(schema, indent);
        case "array":
          return `Array<${schema.items ? schemaType(schema.items, indent) : "unknown"}>`;
        case "integer":
        case "number":
          return "number";
        case "string":
        case "boolean":
        case "null":
          return type;
        default:
          return "unknown";
      }
    })
    .join(" | ");
}
