import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { freePort } from "../support/free-port";
import { ownDatabase } from "../support/own-database";

const own = ownDatabase();
const CRASH_HOOK = path.join(import.meta.dirname, "../support/crash-on-signal.mjs");

type Run = {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  ready: Promise<void>;
};

/** dist/server.js as the image runs it, its stdout and stderr collected together. */
async function run(env: Record<string, string>, nodeArgs: string[] = []): Promise<Run> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...nodeArgs, "dist/server.js"], {
    env: {
      ...process.env,
      ...own.env,
      NEXTAUTH_URL: baseUrl,
      PUBLIC_BASE_URL: baseUrl,
      JOB_RUNNER: "off",
      ...env,
      PORT: String(port),
      HOSTNAME: "127.0.0.1",
      NODE_ENV: "production",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let onReady = () => {};
  const ready = new Promise<void>((resolve) => (onReady = resolve));
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.includes("Ready on")) onReady();
  };
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const timer = setTimeout(() => child.kill("SIGKILL"), 120_000);
  void exited.then(() => clearTimeout(timer));
  const readyOrExit = Promise.race([
    ready,
    exited.then(() => Promise.reject(new Error(`exited before Ready:\n${output}`))),
  ]);
  // Awaited only by the tests that expect the server to start.
  readyOrExit.catch(() => {});
  return { child, output: () => output, exited, ready: readyOrExit };
}

/** Every line written, parsed: a line that is not one JSON object fails with the line. */
function jsonLines(output: string): Record<string, unknown>[] {
  return output
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => {
      let entry: unknown;
      try {
        entry = JSON.parse(line);
      } catch {
        throw new Error(`not a JSON log line: ${line}`);
      }
      expect(entry, line).toMatchObject({
        level: expect.any(String),
        time: expect.any(String),
        msg: expect.any(String),
        service: "payment-integration-service",
      });
      return entry as Record<string, unknown>;
    });
}

describe("start-up and crash output", { timeout: 240_000 }, () => {
  it("is JSON lines from the first to the last, with two workers, up to a clean stop", async () => {
    const server = await run({ WEB_CONCURRENCY: "2" });
    await server.ready;
    server.child.kill("SIGTERM");
    expect((await server.exited).code).toBe(0);
    const lines = jsonLines(server.output());
    expect(lines.find((l) => String(l.msg).startsWith("Ready on"))).toMatchObject({ level: "info", workers: 2 });
    expect(lines.at(-1)).toMatchObject({ msg: "stopped" });
  });

  it("is one JSON line naming the reason when the start-up is refused, and the exit code is 1", async () => {
    const server = await run({ WEB_CONCURRENCY: "1", BANK_WEBHOOK_SECRET: "" });
    expect((await server.exited).code).toBe(1);
    const lines = jsonLines(server.output());
    expect(lines.at(-1)).toMatchObject({
      level: "fatal",
      msg: expect.stringContaining("BANK_WEBHOOK_SECRET must be set in production"),
    });
  });

  for (const kind of ["rejection", "exception"] as const) {
    it(`ends the process with a JSON line and a non-zero exit code on an unhandled ${kind}`, async () => {
      const server = await run({ WEB_CONCURRENCY: "1", TEST_CRASH_KIND: kind }, ["--import", CRASH_HOOK]);
      await server.ready;
      server.child.kill("SIGUSR2");
      const exit = await Promise.race([
        server.exited,
        new Promise((resolve) => setTimeout(() => resolve("still running"), 20_000)),
      ]);
      if (exit === "still running") server.child.kill("SIGKILL");
      expect(exit).toEqual({ code: 1, signal: null });
      const lines = jsonLines(server.output());
      const last = lines.at(-1)!;
      expect(last).toMatchObject({
        level: "fatal",
        msg: kind === "rejection" ? "unhandled rejection: exiting" : "uncaught exception: exiting",
      });
      expect((last.err as { message: string; stack: string }).message).toBe(
        kind === "rejection" ? "rejected by the crash test" : "thrown by the crash test",
      );
      expect((last.err as { stack: string }).stack).toContain("crash-on-signal.mjs");
    });
  }
});
