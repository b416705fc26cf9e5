import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { apiRouteFiles } from "@/e2e/support/route-files";
import { buildOpenApiDocument } from "./build-openapi-document";

const document = buildOpenApiDocument();

/** Every route handler under /api/provider and /api/dealer, as "METHOD /api/..." from its exported handlers. */
const providerAndDealerRoutes = () =>
  apiRouteFiles()
    .filter((r) => /^\/api\/(provider|dealer)\//.test(r.path))
    .flatMap((r) => r.methods.map((method) => `${method} ${r.path}`));

describe("the OpenAPI document", () => {
  it("is valid OpenAPI 3.1", async () => {
    const result = await new Validator().validate(document as unknown as Parameters<Validator["validate"]>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toMatch(/^3\.1\./);
  });

  it("describes exactly the routes under /api/provider and /api/dealer", () => {
    const routes = providerAndDealerRoutes().sort();
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
    expect(Object.keys(deposit.responses)).toEqual(["200", "400", "401", "403", "409", "413", "422", "429", "500"]);
    expect(Object.keys(document.webhooks)).toEqual(["depositCallback", "withdrawalCallback", "cardCallback", "dealerCardCallback"]);
  });
});
