import { z } from "zod";

export type JsonSchema = Record<string, unknown>;

/**
 * A zod schema as the JSON Schema 2020-12 that OpenAPI 3.1 uses: request bodies as the input a client
 * sends, responses as the output the service produces.
 */
export function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const json = z.toJSONSchema(schema, { io, target: "draft-2020-12", unrepresentable: "any" }) as JsonSchema;
  delete json.$schema;
  return json;
}

/** A query-string schema as OpenAPI query parameters. */
export function queryParameters(schema: z.ZodType) {
  const json = jsonSchemaOf(schema, "input") as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: "query" as const,
    required: (json.required ?? []).includes(name),
    schema: property,
  }));
}
