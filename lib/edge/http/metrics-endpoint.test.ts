import { afterEach, describe, expect, it } from "vitest";
import { metricsEndpoint } from "./metrics-endpoint";

const saved = { node: process.env.NODE_ENV, app: process.env.APP_ENV, token: process.env.METRICS_TOKEN };
const env = process.env as Record<string, string | undefined>;

afterEach(() => {
  env.NODE_ENV = saved.node;
  env.APP_ENV = saved.app;
  env.METRICS_TOKEN = saved.token;
});

const get = (headers: Record<string, string> = {}) => metricsEndpoint()(new Request("http://127.0.0.1/api/metrics", { headers }), { params: Promise.resolve({}) });

describe("/api/metrics access", () => {
  it("is off in production without METRICS_TOKEN (404, as if absent)", async () => {
    env.NODE_ENV = "production";
    delete env.APP_ENV;
    delete env.METRICS_TOKEN;
    expect((await get({ authorization: "Bearer anything" })).status).toBe(404);
  });

  it("asks for the bearer token once one is set (401 with WWW-Authenticate)", async () => {
    env.NODE_ENV = "production";
    delete env.APP_ENV;
    env.METRICS_TOKEN = "s3cret-metrics-token";
    const missing = await get();
    expect(missing.status).toBe(401);
    expect(missing.headers.get("www-authenticate")).toContain("Bearer");
    expect((await get({ authorization: "Bearer s3cret-metrics-tokeN" })).status).toBe(401);
    expect((await get({ authorization: "Basic s3cret-metrics-token" })).status).toBe(401);
  });
});
