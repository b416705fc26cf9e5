import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { httpRequest } from "../support/http";
import { startAppServer } from "../support/test-stack";
import { untilReadyOrExit } from "../support/until-ready-or-exit";

const stackEnv = inject("stackEnv");
const dir = mkdtempSync(path.join(tmpdir(), "pis-config-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Line = { level?: string; msg?: string; problems?: string[] };

/** dist/server.js, as the image runs it, with the integration run's settings and `env` on top, until it exits. */
async function startRefused(
  env: Record<string, string | undefined>,
): Promise<{ code: number | null; lines: Line[]; output: string }> {
  const { code, output } = await untilReadyOrExit(["dist/server.js"], {
    ...process.env,
    ...stackEnv,
    JOB_RUNNER: "off",
    WEB_CONCURRENCY: "1",
    ...env,
    PORT: "0",
    HOSTNAME: "127.0.0.1",
    NODE_ENV: "production",
  });
  const lines = output
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Line);
  return { code, lines, output };
}

describe("production start-up with weak or dangerous settings", { timeout: 120_000 }, () => {
  it.each([
    ["NEXTAUTH_SECRET=x", { NEXTAUTH_SECRET: "x" }, "NEXTAUTH_SECRET", /^NEXTAUTH_SECRET is too short/],
    ["INNGEST_DEV=1", { INNGEST_DEV: "1" }, "INNGEST_DEV", /^INNGEST_DEV must not be set in production/],
    ["no PUBLIC_BASE_URL", { PUBLIC_BASE_URL: "" }, "PUBLIC_BASE_URL", /^PUBLIC_BASE_URL must be set in production/],
    [
      "a plain-http PUBLIC_BASE_URL without the opt-out",
      { ALLOW_INSECURE_PUBLIC_BASE_URL: "" },
      "PUBLIC_BASE_URL",
      /^PUBLIC_BASE_URL must be an https URL in production/,
    ],
    [
      "an all-zero encryption key",
      { APP_ENCRYPTION_KEY: Buffer.alloc(32).toString("base64") },
      "APP_ENCRYPTION_KEY",
      /^APP_ENCRYPTION_KEY is one byte repeated \(all zero\)/,
    ],
  ])("refuses %s: exit 1, one fatal JSON line naming the variable", async (_, env, variable, message) => {
    const { code, lines, output } = await startRefused(env);
    expect(code, output).toBe(1);
    expect(output).not.toContain("Ready on");
    const fatal = lines.at(-1)!;
    expect(fatal.level).toBe("fatal");
    expect(fatal.msg).toContain(variable);
    // Every problem is listed (without the opt-out, the plain-http NEXTAUTH_URL is one more).
    expect(fatal.problems?.find((p) => p.startsWith(variable))).toMatch(message);
  });

  it("refuses NEXTAUTH_SECRET and NEXTAUTH_SECRET_FILE set together", async () => {
    const file = path.join(dir, "both");
    writeFileSync(file, `${randomBytes(32).toString("base64url")}\n`);
    const { code, lines } = await startRefused({ NEXTAUTH_SECRET_FILE: file });
    expect(code).toBe(1);
    expect(lines.at(-1)).toMatchObject({
      level: "fatal",
      msg: "NEXTAUTH_SECRET and NEXTAUTH_SECRET_FILE are both set: set one of them.",
    });
  });
});

describe("production start-up with secrets in files (NAME_FILE)", { timeout: 180_000 }, () => {
  it("starts with DATABASE_URL_FILE, NEXTAUTH_SECRET_FILE and APP_ENCRYPTION_KEY_FILE, and serves from that database", async () => {
    const write = (name: string, content: string) => {
      const file = path.join(dir, name);
      writeFileSync(file, `${content}\n`, { mode: 0o600 });
      return file;
    };
    const server = await startAppServer({
      ...stackEnv,
      DATABASE_URL: "",
      DATABASE_URL_FILE: write("database_url", stackEnv.DATABASE_URL!),
      NEXTAUTH_SECRET: "",
      NEXTAUTH_SECRET_FILE: write("nextauth_secret", randomBytes(32).toString("base64url")),
      APP_ENCRYPTION_KEY: "",
      APP_ENCRYPTION_KEY_FILE: write("app_encryption_key", stackEnv.APP_ENCRYPTION_KEY!),
      JOB_RUNNER: "off",
      WEB_CONCURRENCY: "1",
    });
    try {
      const ready = await httpRequest({ url: `${server.baseUrl}/api/ready`, method: "GET" });
      expect(ready.status, server.output()).toBe(200);
      expect(ready.json).toMatchObject({ status: "ready", checks: { database: "ok", migrations: "ok" } });
    } finally {
      await server.stop();
    }
  });
});
