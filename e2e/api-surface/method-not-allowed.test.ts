import { describe, expect, it } from "vitest";
import { apiRouteFiles } from "../support/route-files";
import { API_ROUTE_METHODS, unsupportedMethodAllow } from "@/lib/edge/http/method-not-allowed";

describe("unsupported methods", () => {
  it("the table lists exactly the route files under app/api and the methods they export", () => {
    const files = Object.fromEntries(apiRouteFiles().map((r) => [r.path, r.methods]));
    const table = Object.fromEntries(
      Object.entries(API_ROUTE_METHODS).map(([path, methods]) => [path, [...methods].sort()]),
    );
    expect(Object.keys(files).length).toBeGreaterThan(30);
    expect(table).toEqual(files);
  });

  it.each([
    ["TRACE", "/api/provider/welcome", "OPTIONS, POST"],
    ["GET", "/api/provider/welcome", "OPTIONS, POST"],
    ["QUERY", "/api/dealer/transactions", "GET, HEAD, OPTIONS"],
    ["DELETE", "/api/pay/abc123", "GET, HEAD, OPTIONS"],
    ["PATCH", "/api/auth/callback/credentials", "GET, HEAD, OPTIONS, POST"],
    ["TRACE", "/console/login", "GET, HEAD, POST"],
  ])("%s %s is refused, Allow: %s", (method, path, allow) => {
    expect(unsupportedMethodAllow(method, path)).toBe(allow);
  });

  it.each([
    ["POST", "/api/provider/welcome"],
    ["OPTIONS", "/api/provider/welcome"],
    ["HEAD", "/api/dealer/settings"],
    ["PUT", "/api/inngest"],
    ["TRACE", "/api/provider/unknown"],
    ["PUT", "/console/login"],
  ])("%s %s is left to Next", (method, path) => {
    expect(unsupportedMethodAllow(method, path)).toBeNull();
  });
});
