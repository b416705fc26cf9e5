import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { buildOpenApiDocument } from "@/lib/edge/openapi/build-openapi-document";

const document = buildOpenApiDocument();
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(document, "openapi");
const compiled = new Map<string, ValidateFunction>();

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");

type Responses = Record<string, { content?: Record<string, unknown> }>;

/**
 * Every response the tests receive from /api/provider or /api/dealer must be one the OpenAPI document
 * describes: a documented status with a body that validates against its schema. Throws otherwise, which
 * fails the test that made the request.
 */
export function assertDocumentedResponse(method: string, url: string, status: number, text: string): void {
  const path = new URL(url, "http://x").pathname;
  if (!/^\/api\/(provider|dealer)\//.test(path)) return;
  const operation = (document.paths[path] as Record<string, { responses: Responses }> | undefined)?.[
    method.toLowerCase()
  ];
  if (!operation) return; // Wrong method or unknown path: Next answers 404/405 itself; route coverage is tested apart.
  const key = `${method.toLowerCase()} ${path} ${status}`;
  if (!operation.responses[status]) throw new Error(`Undocumented response: ${key}\n${text.slice(0, 500)}`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`Response is not JSON: ${key}\n${text.slice(0, 500)}`);
  }
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile({
      $ref: `openapi#/${pointer("paths", path, method.toLowerCase(), "responses", String(status), "content", "application/json", "schema")}`,
    });
    compiled.set(key, validate);
  }
  if (!validate(body))
    throw new Error(
      `Response does not match the OpenAPI document: ${key}\n${ajv.errorsText(validate.errors, { separator: "\n" })}\n${text.slice(0, 500)}`,
    );
}
