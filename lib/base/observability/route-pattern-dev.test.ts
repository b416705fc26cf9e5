import { describe, expect, it } from "vitest";
import { matchersFromAppDir } from "./route-pattern";

describe("route patterns without a build (development)", () => {
  const matchers = matchersFromAppDir("app");
  const patternOf = (pathname: string) => matchers.find((m) => m.regex.test(pathname))?.page ?? "unmatched";

  it("labels requests by the app directory's routes, static before dynamic, groups left out", () => {
    expect(patternOf("/")).toBe("/");
    expect(patternOf("/api/provider/welcome")).toBe("/api/provider/welcome");
    expect(patternOf("/api/metrics")).toBe("/api/metrics");
    expect(patternOf("/pay/tok_123")).toBe("/pay/[token]");
    expect(patternOf("/api/auth/callback/credentials")).toBe("/api/auth/[...nextauth]");
    expect(patternOf("/console/login")).toBe("/console/login");
    expect(patternOf("/wp-login.php")).toBe("unmatched");
    expect(matchers.some((m) => m.page.includes("(") || m.page.includes("_components"))).toBe(false);
  });
});
