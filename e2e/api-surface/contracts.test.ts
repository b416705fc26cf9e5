import { describe, expect, it } from "vitest";
import { apiRouteFiles, apiRouteSources } from "../support/route-files";
import { DealerClient, ProviderClient } from "@/lib/api/sdk";
import { CLIENT_METHOD } from "@/lib/api/sdk/client-methods";
import { buildOpenApiDocument } from "@/lib/edge/openapi/build-openapi-document";
import { CONTRACT_ROUTES } from "@/app/api/contract-routes";
import { jsonSchemaOf, queryParameters } from "@/lib/edge/openapi/json-schema";
import { CONTRACT_LIST, CONTRACTS, HASH_FORMULAS, HASHED_HEADER, THIRD_PARTY_CONTRACTS } from "@/lib/api/contracts";

const ENDPOINT = /^\/api\/(provider|dealer)\//;
const key = (method: string, path: string) => `${method.toUpperCase()} ${path}`;
const contractKeys = CONTRACT_LIST.map((c) => key(c.method, c.path));

describe("one contract per endpoint", () => {
  it("every path a route file under /api/provider and /api/dealer serves has exactly one contract, and every contract is served", () => {
    const served = apiRouteFiles()
      .filter((r) => ENDPOINT.test(r.path))
      .flatMap((r) => r.methods.map((m) => key(m, r.path)));
    expect(served.length).toBeGreaterThan(20);
    for (const endpoint of served)
      expect(
        contractKeys.filter((k) => k === endpoint),
        endpoint,
      ).toHaveLength(1);
    expect([...contractKeys].sort()).toEqual([...served].sort());
  });

  it("every route is wrapped from its own contract: the handler takes its signature, schemas and idempotency from it", () => {
    const sources = apiRouteSources().filter((r) => ENDPOINT.test(`${r.dir}/`));
    for (const { dir, methods, source } of sources) {
      for (const method of methods) {
        const kindRoute = /^export const (\w+) = withThirdParty\("(\w+)",/m.exec(source);
        if (dir.includes("/[kind]/")) {
          expect(kindRoute?.[1], dir).toBe(method);
          for (const [kind, contracts] of Object.entries(THIRD_PARTY_CONTRACTS)) {
            const contract = contracts[kindRoute![2] as keyof typeof contracts];
            expect(key(contract.method, contract.path), dir).toBe(key(method, dir.replace("[kind]", kind)));
          }
          continue;
        }
        const id = CONTRACT_LIST.find((c) => key(c.method, c.path) === key(method, dir))!.id;
        expect(source, dir).toMatch(
          new RegExp(`^export const ${method} = with(Provider|Dealer)\\(CONTRACTS\\.${id}, `, "m"),
        );
      }
    }
  });

  // As written ("./provider/welcome/route") or as the test runner resolves it ("/app/api/provider/welcome/route.ts").
  const ROUTE_FILE = /["'](?:\.|\/app\/api)\/(.+)\/route(?:\.ts)?["']/;

  it("CONTRACT_ROUTES names, for every contract, the route file that serves it", () => {
    // Each loader's own text names its route file (the third-party kinds share the routes under [kind]).
    const listed = Object.fromEntries(
      Object.entries(CONTRACT_ROUTES).map(([id, load]) => [id, `/api/${ROUTE_FILE.exec(String(load))![1]}`]),
    );
    expect(Object.keys(listed).sort()).toEqual(Object.keys(CONTRACTS).sort());
    for (const contract of CONTRACT_LIST) {
      const kind = Object.keys(THIRD_PARTY_CONTRACTS).find((k) =>
        contract.path.startsWith(`/api/provider/third-party/${k}/`),
      );
      expect(kind ? listed[contract.id]!.replace("[kind]", kind) : listed[contract.id], contract.id).toBe(
        contract.path,
      );
    }
  });

  it("the OpenAPI document is generated from the contracts: each operation's id, words, hash, headers, schemas and scope are its contract's", () => {
    const document = buildOpenApiDocument();
    type Op = Record<string, unknown> & {
      parameters: { name: string; in: string; description?: string }[];
      requestBody?: { content: { "application/json": { schema: unknown } } };
      responses: Record<string, { content: { "application/json": { schema: unknown } } }>;
      security?: Record<string, string[]>[];
    };
    const operations = Object.entries(document.paths).flatMap(([path, ops]) =>
      Object.entries(ops as Record<string, Op>).map(([method, op]) => ({ path, method, op })),
    );
    expect(operations.map((o) => key(o.method, o.path))).toEqual(contractKeys);
    for (const contract of CONTRACT_LIST) {
      const op = (document.paths[contract.path] as Record<string, Op>)[contract.method]!;
      expect(op.operationId).toBe(contract.id);
      expect(op.summary).toBe(contract.summary);
      expect(op.description).toBe(contract.description);
      expect(op.tags).toEqual([contract.tag]);
      expect(op.parameters.find((p) => p.name === "X-Hash")!.description).toContain(HASH_FORMULAS[contract.signature]);
      const hashed = HASHED_HEADER[contract.signature];
      expect(
        op.parameters.some((p) => p.name.toLowerCase() === hashed),
        contract.id,
      ).toBe(hashed !== null);
      expect(
        op.parameters.some((p) => p.name === "Idempotency-Key"),
        contract.id,
      ).toBe(Boolean(contract.idempotent));
      expect(op.responses["200"]!.content["application/json"].schema).toEqual(
        jsonSchemaOf(contract.response, "output"),
      );
      if (contract.body)
        expect(op.requestBody!.content["application/json"].schema).toEqual(jsonSchemaOf(contract.body, "input"));
      expect(op.parameters.filter((p) => p.in === "query")).toEqual(
        contract.query ? queryParameters(contract.query) : [],
      );
      for (const status of contract.extraErrors ?? [])
        expect(Object.keys(op.responses), contract.id).toContain(String(status));
      const security =
        contract.signature !== "dealer"
          ? undefined
          : contract.scope
            ? [{ apiKey: [] }, { siteToken: [contract.scope] }]
            : [{ apiKey: [] }];
      expect(op.security, contract.id).toEqual(security);
    }
  });

  it("the SDK calls every endpoint with its contract's method, path and hashed header", async () => {
    const sent: string[] = [];
    const fetch = async (url: string | URL | Request, init?: RequestInit) => {
      const headers = init!.headers as Record<string, string>;
      const path = new URL(String(url)).pathname;
      const contract = CONTRACT_LIST.find((c) => key(c.method, c.path) === key(init!.method!, path));
      expect(contract, path).toBeDefined();
      const hashed = HASHED_HEADER[contract!.signature];
      expect(Object.keys(headers).filter((h) => h === "x-key" || h === "x-credential-key")).toEqual(
        hashed ? [hashed] : [],
      );
      sent.push(key(init!.method!, path));
      return new Response(JSON.stringify({ success: true }), { status: 200 });
    };
    const options = {
      baseUrl: "http://127.0.0.1",
      apiKey: "k",
      secretKey: "s",
      fetch: fetch as typeof globalThis.fetch,
    };
    const clients = {
      provider: new ProviderClient({ ...options, verificationKey: "v" }),
      dealer: new DealerClient(options),
    };
    // Each endpoint through the method CLIENT_METHOD names for it, with arguments of its shape (the fake fetch
    // checks only method, path and headers).
    for (const [id, [client, method]] of Object.entries(CLIENT_METHOD)) {
      const contract = CONTRACTS[id as keyof typeof CONTRACTS];
      const kind = Object.keys(THIRD_PARTY_CONTRACTS).find((k) =>
        contract.path.startsWith(`/api/provider/third-party/${k}/`),
      );
      const args = kind ? [kind, "ck", {}] : contract.signature === "credential-key" ? ["ck", {}] : [{}];
      const call = (clients[client] as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[method]!;
      await call.apply(clients[client], args);
      expect(sent.at(-1), id).toBe(key(contract.method, contract.path));
    }
    expect([...sent].sort()).toEqual([...contractKeys].sort());
    expect(Object.keys(CONTRACTS)).toHaveLength(sent.length);
  });
});
