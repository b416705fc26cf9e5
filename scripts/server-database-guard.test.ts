import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const dataDir = mkdtempSync(path.join(tmpdir(), "pis-guard-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** `npm start`'s command, as a container runs it with every production secret but no DATABASE_URL. */
function startWithoutDatabase(extra: Record<string, string> = {}): Promise<{ output: string; code: number | null }> {
  const env: Record<string, string | undefined> = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    APP_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    NEXTAUTH_SECRET: randomBytes(32).toString("base64url"),
    BANK_WEBHOOK_SECRET: randomBytes(32).toString("hex"),
    ACQUIRER_WEBHOOK_SECRET: randomBytes(32).toString("hex"),
    PUBLIC_BASE_URL: "http://127.0.0.1:3000",
    ALLOW_INSECURE_PUBLIC_BASE_URL: "1",
    APP_DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: "1",
    PORT: "0",
    HOSTNAME: "127.0.0.1",
    JOB_RUNNER: "off",
    WEB_CONCURRENCY: "1",
    ...extra,
  };
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/server.ts"], {
      env: env as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ output, code });
    });
  });
}

describe("production start-up without DATABASE_URL", () => {
  it("is refused with one line naming DATABASE_URL, before any embedded cluster is created on the container's disk", async () => {
    const { output, code } = await startWithoutDatabase();
    expect(code).toBe(1);
    const lines = output.trim().split("\n");
    expect(lines).toHaveLength(1);
    // A JSON log line like everything the server prints (docs/deploy.md, "Start-up and crash output").
    const line = JSON.parse(lines[0]!) as { level: string; msg: string };
    expect(line.level).toBe("fatal");
    expect(line.msg).toMatch(/^DATABASE_URL must be set in production/);
    expect(output).not.toContain("embedded PostgreSQL in");
    expect(readdirSync(dataDir)).not.toContain("pg");
  }, 90_000);
});
