import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

export type CliResult = {
  code: number | null;
  stdout: string;
  stderr: string;
  json: <T = Record<string, unknown>>() => T;
};

/**
 * The command that runs the admin CLI: the bundle the production build made (dist/admin.js, what the image
 * runs with node alone, as the tests' server is dist/server.js), or the TypeScript source through tsx in a
 * checkout not built yet. The bundle starts in a third of tsx's time, which the suite's hundreds of CLI runs feel.
 */
export function adminCommand(): [string, string[]] {
  if (existsSync(path.join("dist", "admin.js"))) return [process.execPath, [path.join("dist", "admin.js")]];
  return [path.join("node_modules", ".bin", "tsx"), ["scripts/admin.ts"]];
}

/** Runs the admin CLI as an operator would (a new process on the test stack's database). */
export function admin(...args: string[]): CliResult {
  const [command, prefix] = adminCommand();
  const result = spawnSync(command, [...prefix, ...args], { env: process.env, encoding: "utf8" });
  return {
    code: result.status,
    stdout: result.stdout,
    stderr: result.stderr,
    json: <T>() => JSON.parse(result.stdout) as T,
  };
}

/**
 * The same, without blocking this process: needed when the command calls a partner simulated inside this
 * test process (a blocked event loop would leave the simulator unable to answer).
 */
export function adminAsync(...args: string[]): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const [command, prefix] = adminCommand();
    const child = spawn(command, [...prefix, ...args], { env: process.env });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString("utf8")));
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString("utf8")));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr, json: <T>() => JSON.parse(stdout) as T }));
  });
}
