import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { apiRouteFiles } from "../support/route-files";
import { buildOpenApiDocument } from "@/lib/edge/openapi/build-openapi-document";

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
    const sites = document.paths["/api/provider/sites"]!.post as {
      parameters: { name: string; description: string }[];
      responses: Record<string, unknown>;
    };
    expect(sites.parameters.find((p) => p.name === "X-Hash")!.description).toContain(
      "H(api_key + secret_key + key + timestamp)",
    );
    expect(sites.parameters.map((p) => p.name)).toContain("X-Key");
    const deposit = document.paths["/api/provider/start-manual-deposit"]!.post as {
      parameters: { name: string }[];
      responses: Record<string, unknown>;
    };
    expect(deposit.parameters.map((p) => p.name)).toEqual(
      expect.arrayContaining(["X-Credential-Key", "Idempotency-Key"]),
    );
    expect(Object.keys(deposit.responses)).toEqual([
      "200",
      "400",
      "401",
      "403",
      "409",
      "413",
      "422",
      "429",
      "500",
      "503",
    ]);
    expect(Object.keys(document.webhooks)).toEqual([
      "depositCallback",
      "withdrawalCallback",
      "cardCallback",
      "dealerCardCallback",
    ]);
  });

  it("lists the optional X-Signature on every operation and on every callback", () => {
    type Op = { parameters: { name: string; required: boolean; description: string }[] };
    const operations = Object.values(document.paths).flatMap((ops) => Object.values(ops) as Op[]);
    expect(operations.length).toBeGreaterThan(20);
    for (const op of operations) {
      const signature = op.parameters.find((p) => p.name === "X-Signature");
      expect(signature).toMatchObject({ required: false });
      expect(signature!.description).toContain("timestamp.METHOD.path.body");
    }
    for (const hook of Object.values(document.webhooks) as { post: Op }[]) {
      expect(hook.post.parameters.find((p) => p.name === "X-Signature")!.description).toContain("timestamp.body");
    }
  });

  it("states what the server checks: email, amounts, IBAN, dates, integers, send-money's minimum, response headers and links", () => {
    type Schema = Record<string, unknown> & {
      properties: Record<string, Record<string, unknown> & { anyOf?: Record<string, unknown>[] }>;
    };
    type Op = {
      parameters: { name: string; schema: Record<string, unknown> }[];
      requestBody?: { content: Record<string, { schema: Schema }> };
      responses: Record<string, { headers?: Record<string, unknown>; links?: Record<string, { operationId: string }> }>;
    };
    const op = (path: string, method = "post") => (document.paths[path] as Record<string, Op>)[method]!;
    const body = (path: string) => op(path).requestBody!.content["application/json"]!.schema.properties;
    expect(body("/api/provider/credit-card/payment").email).toMatchObject({ format: "email", maxLength: 255 });
    expect(body("/api/provider/start-manual-deposit").amount).toMatchObject({
      type: "number",
      minimum: 1,
      maximum: 9999999999999.99,
      multipleOf: 0.01,
    });
    expect(body("/api/provider/start-manual-withdraw").iban).toMatchObject({
      format: "iban",
      minLength: 15,
      description: expect.stringMatching(/15 to 34.*checksum/),
    });
    expect(body("/api/provider/third-party/bank/start-withdrawal").gateway_id).toMatchObject({
      type: "integer",
      maximum: 2147483647,
    });
    expect(body("/api/provider/start-manual-deposit").fullname).toMatchObject({
      minLength: 1,
      maxLength: 255,
      pattern: expect.stringContaining("\\u0000"),
    });
    const sendMoney = body("/api/dealer/send-money");
    expect(sendMoney.amount!.anyOf![0]).toMatchObject({ minimum: 10 });
    expect(new RegExp(String(sendMoney.amount!.anyOf![1]!.pattern)).test("9.99")).toBe(false);
    expect(sendMoney.amount!.description).toContain("MIN_AMOUNT_ERROR");
    expect(sendMoney.recipient_iban).toMatchObject({
      format: "iban",
      description: expect.stringContaining("INVALID_IBAN"),
    });
    const dealerAmount = new RegExp(String(body("/api/dealer/manual-iban/deposit").amount!.anyOf![1]!.pattern));
    expect(["0", "0.00", "0.99"].some((v) => dealerAmount.test(v))).toBe(false);
    const query = Object.fromEntries(op("/api/dealer/transactions", "get").parameters.map((p) => [p.name, p.schema]));
    expect(query.start_date).toMatchObject({ format: "date" });
    expect(query.page).toMatchObject({ type: "integer", minimum: 1, maximum: 100000 });
    const created = op("/api/provider/start-manual-deposit").responses;
    expect(Object.keys(created["200"]!.headers!)).toEqual(["X-Request-Id", "Idempotent-Replayed"]);
    expect(Object.keys(created["429"]!.headers!)).toEqual(["X-Request-Id", "Retry-After"]);
    expect(Object.keys(created["409"]!.headers!)).toEqual(["X-Request-Id", "Retry-After"]);
    expect(Object.keys(created["503"]!.headers!)).toEqual(["X-Request-Id", "Retry-After"]);
    expect(op("/api/provider/credit-card/payment").responses["200"]!.links!.status!.operationId).toBe(
      "getCardPaymentStatus",
    );
    expect(op("/api/dealer/send-money").responses["200"]!.links!.status!.operationId).toBe("getTransferStatus");
    expect(op("/api/dealer/credit-card/payment").responses["200"]!.links!.status!.operationId).toBe(
      "getDealerCardPaymentStatus",
    );
  });
});
