import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/lib/edge/openapi/build-openapi-document";
import { CONTRACT_LIST, endpointsOfScope, scopeOfEndpoint } from "@/lib/api/contracts";
import { DEFAULT_SITE_SCOPES, SITE_SCOPES } from "./site-scopes";

const dealerOperations = CONTRACT_LIST.filter((op) => op.signature === "dealer");
const endpointOf = (op: (typeof CONTRACT_LIST)[number]) => `${op.method.toUpperCase()} ${op.path}`;
const SCOPE_OF_ENDPOINT = Object.fromEntries(
  dealerOperations.flatMap((op) => (op.scope ? [[endpointOf(op), op.scope]] : [])),
);
/** Dealer operations no scope opens: the dealer's books, which are not a website's business. */
const API_KEY_ONLY = ["GET /api/dealer/balance"];

describe("site integration scopes", () => {
  it(
    "give every dealer operation exactly one scope, or say on purpose that none opens it, and name " + "nothing else",
    () => {
      const endpoints = dealerOperations.map(endpointOf).sort();
      expect(endpoints.length).toBeGreaterThanOrEqual(9);
      for (const op of dealerOperations) expect([...SITE_SCOPES, null], op.id).toContain(op.scope);
      expect(dealerOperations.filter((op) => op.scope === null).map(endpointOf)).toEqual(API_KEY_ONLY);
      expect([...Object.keys(SCOPE_OF_ENDPOINT), ...API_KEY_ONLY].sort()).toEqual(endpoints);
      expect(scopeOfEndpoint("GET", "/api/dealer/balance")).toBeNull();
      expect(CONTRACT_LIST.filter((op) => op.signature !== "dealer" && op.scope)).toEqual([]);
      for (const scope of SITE_SCOPES) expect(endpointsOfScope(scope).length, scope).toBeGreaterThan(0);
    },
  );

  it("by default allow deposit offers, card payments and settings, and never money leaving the dealer", () => {
    expect(DEFAULT_SITE_SCOPES).toEqual(["settings", "deposits", "card-payments"]);
    const allowed = Object.entries(SCOPE_OF_ENDPOINT)
      .filter(([, scope]) => DEFAULT_SITE_SCOPES.includes(scope))
      .map(([endpoint]) => endpoint);
    expect(allowed).not.toContain("POST /api/dealer/send-money");
    expect(allowed).not.toContain("POST /api/dealer/manual-iban/withdraw");
    expect(allowed).not.toContain("GET /api/dealer/eibans");
    expect(scopeOfEndpoint("post", "/api/dealer/credit-card/payment")).toBe("card-payments");
    expect(scopeOfEndpoint("GET", "/api/dealer/unknown")).toBeNull();
  });

  it(
    "are declared in the OpenAPI document as the siteToken scheme's requirement on every dealer operation, and " +
      "only there",
    () => {
      const document = buildOpenApiDocument();
      expect(document.components.securitySchemes.siteToken).toMatchObject({
        type: "apiKey",
        in: "header",
        name: "X-Site-Token",
      });
      type Op = {
        security?: Record<string, string[]>[];
        parameters: { name: string; required: boolean; description: string }[];
      };
      for (const [path, ops] of Object.entries(document.paths)) {
        for (const [method, op] of Object.entries(ops as Record<string, Op>)) {
          const scope = scopeOfEndpoint(method, path);
          if (!path.startsWith("/api/dealer/")) {
            expect(op.security, path).toBeUndefined();
            expect(op.parameters.find((p) => p.name === "X-Api-Key")!.required).toBe(true);
            continue;
          }
          if (scope === null) {
            expect(op.security, path).toEqual([{ apiKey: [] }]);
            expect(op.parameters.find((p) => p.name === "X-Api-Key")!.required).toBe(true);
            expect(
              op.parameters.find((p) => p.name === "X-Site-Token"),
              path,
            ).toBeUndefined();
            continue;
          }
          expect(op.security, path).toEqual([{ apiKey: [] }, { siteToken: [scope] }]);
          expect(op.parameters.find((p) => p.name === "X-Api-Key")!.required).toBe(false);
          expect(op.parameters.find((p) => p.name === "X-Site-Token")).toMatchObject({
            required: false,
            description: expect.stringContaining(`scope ${scope}`),
          });
          expect(op.parameters.find((p) => p.name === "X-Hash")!.description).toContain(
            "H(site_token + secret_key + timestamp)",
          );
        }
      }
    },
  );
});
