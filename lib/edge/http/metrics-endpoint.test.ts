import { afterEach, describe, expect, it, vi } from "vitest";
import { metricsEndpoint } from "./metrics-endpoint";

// Stubbed, so Vitest puts each back as found (unset stays unset, never the text "undefined").
afterEach(() => vi.unstubAllEnvs());

const get = (headers: Record<string, string> = {}) =>
  metricsEndpoint()(new Request("http://127.0.0.1/api/metrics", { headers }), { params: Promise.resolve({}) });

describe("/api/metrics access", () => {
  it("is off in production without METRICS_TOKEN (404, as if absent)", async () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("APP_ENV", undefined);
    vi.stubEnv("METRICS_TOKEN", undefined);
    expect((await get({ authorization: "Bearer anything" })).status).toBe(404);
  });

  it("asks for the bearer token once one is set (401 with WWW-Authenticate)", async () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("APP_ENV", undefined);
    vi.stubEnv("METRICS_TOKEN", "s3cret-metrics-token");
    const missing = await get();
    expect(missing.status).toBe(401);
    expect(missing.headers.get("www-authenticate")).toContain("Bearer");
    expect((await get({ authorization: "Bearer s3cret-metrics-tokeN" })).status).toBe(401);
    expect((await get({ authorization: "Basic s3cret-metrics-token" })).status).toBe(401);
  });
});

describe("/api/metrics?window=bench, the bench's figures", () => {
  const bench = (endpoint: typeof metricsEndpoint, headers: Record<string, string> = {}) =>
    endpoint()(new Request("http://127.0.0.1/api/metrics?window=bench", { headers }), { params: Promise.resolve({}) });

  function production(): void {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("APP_ENV", undefined);
    vi.stubEnv("METRICS_TOKEN", "s3cret-metrics-token");
  }

  it("is absent (404) unless the server was started with BENCH_PHASES=1, and asks for the token first", async () => {
    production();
    expect((await bench(metricsEndpoint)).status).toBe(401);
    const off = await bench(metricsEndpoint, { authorization: "Bearer s3cret-metrics-token" });
    expect(off.status).toBe(404);
  });

  it("answers the event loop's delay, GC and the requests' phases as JSON behind the same token", async () => {
    production();
    vi.resetModules();
    vi.stubEnv("BENCH_PHASES", "1");
    const { metricsEndpoint: withPhases } = await import("./metrics-endpoint");
    expect((await bench(withPhases, { authorization: "Bearer wrong" })).status).toBe(401);
    const res = await bench(withPhases, { authorization: "Bearer s3cret-metrics-token" });
    expect(res.status).toBe(200);
    const window = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(window).sort()).toEqual(["cpuMs", "eventLoopDelayMs", "gc", "routes", "seconds", "threadsMs"]);
    expect(Object.keys(window.eventLoopDelayMs as object).sort()).toEqual(["max", "mean", "p50", "p99", "samples"]);
  });

  const profile = (endpoint: typeof metricsEndpoint, action: string, token = "s3cret-metrics-token") =>
    endpoint()(
      new Request(`http://127.0.0.1/api/metrics?window=bench&profile=${action}`, {
        headers: { authorization: `Bearer ${token}` },
      }),
      { params: Promise.resolve({}) },
    );

  it("profiles the process only in a server started with BENCH_PHASES=1 (else 404), behind the token", async () => {
    production();
    expect((await profile(metricsEndpoint, "start")).status).toBe(404);
    expect((await profile(metricsEndpoint, "stop")).status).toBe(404);
    expect((await profile(metricsEndpoint, "start", "wrong")).status).toBe(401);
    expect((globalThis as Record<symbol, unknown>)[Symbol.for("pis.bench-profile")]).toBeUndefined();
  });

  it("starts a CPU profile and answers it on stop, once", async () => {
    production();
    vi.resetModules();
    vi.stubEnv("BENCH_PHASES", "1");
    const { metricsEndpoint: withPhases } = await import("./metrics-endpoint");
    expect((await profile(withPhases, "stop")).status).toBe(404); // none started
    expect((await profile(withPhases, "start", "wrong")).status).toBe(401);
    expect((await profile(withPhases, "start")).status).toBe(200);
    const until = performance.now() + 30;
    while (performance.now() < until) Math.sqrt(Math.random());
    const res = await profile(withPhases, "stop");
    expect(res.status).toBe(200);
    const taken = (await res.json()) as { nodes: unknown[]; samples: number[]; timeDeltas: number[] };
    expect(taken.nodes.length).toBeGreaterThan(0);
    expect(taken.samples.length).toBeGreaterThan(0);
    expect(taken.timeDeltas).toHaveLength(taken.samples.length);
    expect((await profile(withPhases, "stop")).status).toBe(404); // the session was closed
  });
});
