import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { freePort } from "./free-port";
import { startTestDatabase, type TestDatabase } from "./test-database";

export type TestStack = { baseUrl: string; env: Record<string, string>; stop: () => Promise<void> };

/** The peer that the test server trusts as a proxy; tests reach it by binding their socket to it. */
export const TRUSTED_PROXY_ADDRESS = "127.0.0.2";

function waitForReady(child: ChildProcess, output: string[], timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not print "Ready on" within ${timeoutMs / 1000} s:\n${output.join("")}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString());
      if (chunk.toString().includes("Ready on")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output.join("")}`));
    });
  });
}

function assertBuilt(dir = process.cwd()): void {
  const buildId = path.join(dir, ".next", "BUILD_ID");
  const server = path.join(dir, "dist", "server.js");
  if (!existsSync(buildId) || !existsSync(server)) {
    throw new Error(
      "No production build found: run `npm run build` before the integration and e2e suites (npm test does).",
    );
  }
  // `next build` alone leaves the bundled server of an older build beside the new pages.
  if (statSync(server).mtimeMs < statSync(buildId).mtimeMs)
    throw new Error(
      "dist/server.js is older than the Next build: run `npm run build` (it bundles the server after Next).",
    );
}

export type AppServer = {
  baseUrl: string;
  pid: number;
  output: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<void>;
};

let startsSoFar = 0;

type StartOptions = {
  /** How long the start may take before it is given up (a fault test passes the budget it measured). */
  readyWithinMs?: number;
  /** The port to listen on (a replica restarted behind a proxy comes back where the proxy sends); else a free one. */
  port?: number;
};

/**
 * One production server process on 127.0.0.1 with the given environment, run in `cwd` (a checkout): the
 * bundled dist/server.js that the image runs (scripts/bundle-server.mjs), which also starts in about half
 * the time scripts/server.ts takes under a TypeScript loader, and a fault test restarts it many times.
 */
export async function startAppServer(
  env: Record<string, string | undefined>,
  cleanUp: string[] = [],
  cwd = process.cwd(),
  options: StartOptions = {},
): Promise<AppServer> {
  assertBuilt(cwd);
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  // SERVER_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles the server alone during a bench.
  const nodeArgs = (process.env.SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean);
  // SLOW_SERVER_START_MS delays the start of every server after the first SLOW_SERVER_START_AFTER ones this
  // process starts (e2e/support/slow-start.mjs): how a fault test is checked to name the start it waited for.
  startsSoFar += 1;
  if (Number(process.env.SLOW_SERVER_START_MS) > 0 && startsSoFar > Number(process.env.SLOW_SERVER_START_AFTER || 0)) {
    nodeArgs.push("--import", path.join(import.meta.dirname, "slow-start.mjs"));
  }
  const child = spawn(process.execPath, [...nodeArgs, "dist/server.js"], {
    cwd,
    // Production wants an https PUBLIC_BASE_URL; a test server answers on http://127.0.0.1, which the opt-out allows.
    env: {
      ...process.env,
      NEXTAUTH_URL: baseUrl,
      PUBLIC_BASE_URL: baseUrl,
      ALLOW_INSECURE_PUBLIC_BASE_URL: "1",
      ...env,
      PORT: String(port),
      HOSTNAME: "127.0.0.1",
      NODE_ENV: "production",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // Stops the server (and removes the listed dirs) if this test process dies without cleaning up.
  const watchdog = spawn(
    process.execPath,
    ["scripts/watchdog.mjs", String(process.pid), String(child.pid), ...cleanUp],
    { stdio: "ignore", detached: true },
  );
  watchdog.unref();
  const output: string[] = [];
  try {
    await waitForReady(child, output, options.readyWithinMs ?? 90_000);
  } catch (error) {
    child.kill("SIGKILL");
    watchdog.kill();
    throw error;
  }
  let stopping = false;
  child.once("exit", (code, signal) => {
    // A server that dies under a test explains the failures that follow: say so, with its last words.
    if (!stopping && signal !== "SIGTERM")
      console.error(
        `test server ${baseUrl} exited (${code ?? signal}):\n${output.join("").split("\n").slice(-40).join("\n")}`,
      );
  });
  return {
    baseUrl,
    pid: child.pid!,
    output: () => output.join(""),
    stop: async (signal: NodeJS.Signals = "SIGTERM") => {
      stopping = true;
      const exited =
        child.exitCode !== null ? Promise.resolve() : new Promise((resolve) => child.once("exit", resolve));
      child.kill(signal);
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      child.kill("SIGKILL");
      watchdog.kill();
    },
  };
}

/** Keys and settings every test server shares; the database differs. */
export function testServerEnv(database: TestDatabase): Record<string, string> {
  return {
    DATABASE_URL: database.url,
    APP_ENCRYPTION_KEY: process.env.APP_ENCRYPTION_KEY || randomBytes(32).toString("base64"),
    NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET || randomBytes(32).toString("base64url"),
    // Production derives nothing from the encryption key: the bank's and the acquirer's secrets are set.
    BANK_WEBHOOK_SECRET: process.env.BANK_WEBHOOK_SECRET || randomBytes(32).toString("hex"),
    ACQUIRER_WEBHOOK_SECRET: process.env.ACQUIRER_WEBHOOK_SECRET || randomBytes(32).toString("hex"),
    APP_DATA_DIR: path.join(database.dir, "data"),
    TRUSTED_PROXIES: TRUSTED_PROXY_ADDRESS,
    SANDBOX_ENABLED: "true",
    // Test receivers listen on http://127.0.0.1, which production refuses by default (https only, SSRF guard).
    CALLBACK_ALLOW_PRIVATE_NETWORKS: "true",
    CALLBACK_ALLOW_HTTP: "true",
    // The servers' public origin is http://127.0.0.1:<port>: production refuses plain http elsewhere.
    ALLOW_INSECURE_PUBLIC_BASE_URL: "1",
    // One process per test server unless asked: the suites start many, and kill -9 one pid in fault tests.
    WEB_CONCURRENCY: process.env.WEB_CONCURRENCY || "1",
    // The suites' staff sign in with a password only; second-factor-required.test.ts runs with "required".
    CONSOLE_ADMIN_SECOND_FACTOR: "offered",
  };
}

/**
 * The production build served by dist/server.js on 127.0.0.1, over a throwaway database. Run
 * `npm run build` first (npm test does). A watchdog stops both if the test run dies.
 */
export async function startTestStack(extraEnv: Record<string, string> = {}): Promise<TestStack> {
  assertBuilt();
  const database = await startTestDatabase();
  const env = { ...testServerEnv(database), ...extraEnv };
  let server: AppServer;
  try {
    server = await startAppServer(env, [database.dir]);
  } catch (error) {
    await database.stop();
    throw error;
  }
  const baseUrl = server.baseUrl;
  return {
    baseUrl,
    env: { ...env, NEXTAUTH_URL: baseUrl, PUBLIC_BASE_URL: baseUrl },
    stop: async () => {
      await server.stop();
      await database.stop();
    },
  };
}
