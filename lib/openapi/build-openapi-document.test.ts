import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "./build-openapi-document";

const document = buildOpenApiDocument();

/** Every route handler under app/api/<area>, as "METHOD /api/..." from its exported handlers. */
function routesUnder(area: string): string[] {
  const root = path.resolve("app/api", area);
  return (readdirSync(root, { recursive: true }) as string[])
    .filter((file) => file.endsWith("route.ts"))
    .flatMap((file) => {
      const source = readFileSync(path.join(root, file), "utf8");
      const route = `/api/${area}/${path.dirname(file)}`.replace(/\/\.$/, "");
      return [...source.matchAll(/export const (GET|POST|PUT|PATCH|DELETE)\b/g)].map((m) => `${m[1]} ${route}`);
    });
}

describe("the OpenAPI document", () => {
  it("is valid OpenAPI 3.1", async () => {
    const result = await new Validator().validate(document as unknown as Parameters<Validator["validate"]>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toMatch(/^3\.1\./);
  });

  it("describes exactly the routes under /api/provider and /api/dealer", () => {
    const routes = [...routesUnder("provider"), ...routesUnder("dealer")].sort();
    const documented = Object.entries(document.paths)
      .flatMap(([p, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${p}`))
      .sort();
    expect(routes.length).toBeGreaterThan(20);
    expect(documented).toEqual(routes);
  });

  it("documents each endpoint's hash, the errors and the four callbacks", () => {
    const sites = document.paths["/api/provider/sites"]!.post as { parameters: { name: string; description: string }[]; responses: Record<string, unknown> };
    expect(sites.parameters.find((p) => p.name === "X-Hash")!.description).toContain("H(api_key + secret_key + key + timestamp)");
    expect(sites.parameters.map((p) => p.name)).toContain("X-Key");
    const deposit = document.paths["/api/provider/start-manual-deposit"]!.post as { parameters: { name: string }[]; responses: Record<string, unknown> };
    expect(deposit.parameters.map((p) => p.name)).toEqual(expect.arrayContaining(["X-Credential-Key", "Idempotency-Key"]));
    expect(Object.keys(deposit.responses)).toEqual(["200", "400", "401", "403", "409", "413", "422", "429", "500", "503"]);
    expect(Object.keys(document.webhooks)).toEqual(["depositCallback", "withdrawalCallback", "cardCallback", "dealerCardCallback"]);
  });
});
