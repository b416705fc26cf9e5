import { describe, expect, it } from "vitest";
import { decideRunMode, enterRunMode } from "./run-mode";

describe("the mode every entry point runs in", () => {
  it.each([
    ["a checkout on its embedded database", {}, false, "development"],
    ["a checkout on another database", { DATABASE_URL: "postgresql://db.internal/pis" }, false, "production"],
    ["a database URL from a secret file", { DATABASE_URL_FILE: "/run/secrets/database_url" }, false, "production"],
    ["a built entry point without a database", {}, true, "production"],
    ["NODE_ENV=production", { NODE_ENV: "production" }, false, "production"],
    ["APP_ENV=production on the embedded database", { APP_ENV: "production" }, false, "production"],
    [
      "APP_ENV=development on another database",
      { APP_ENV: "development", DATABASE_URL: "postgresql://x/y" },
      true,
      "development",
    ],
    [
      "NODE_ENV=test on another database (a test runner's shell)",
      { NODE_ENV: "test", DATABASE_URL: "postgresql://x/y" },
      false,
      "production",
    ],
  ] as const)("%s: %s", (_, source, built, mode) => {
    expect(decideRunMode({ ...source }, built)).toBe(mode);
  });

  it("says the mode to every later reader and to the processes it starts, through the environment", () => {
    const production: Record<string, string | undefined> = { NODE_ENV: "test", DATABASE_URL: "postgresql://x/y" };
    expect(enterRunMode(production, false)).toBe("production");
    expect(production.NODE_ENV).toBe("production");
    const development: Record<string, string | undefined> = { NODE_ENV: "test" };
    expect(enterRunMode(development, false)).toBe("development");
    expect(development).toEqual({ NODE_ENV: "test", APP_ENV: "development" });
    // A development server's worker inherits that, and the DATABASE_URL of the primary's embedded database.
    expect(decideRunMode({ ...development, DATABASE_URL: "postgresql://127.0.0.1:54329/pis_dev" }, false)).toBe(
      "development",
    );
  });
});
