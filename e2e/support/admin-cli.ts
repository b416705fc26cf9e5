import { spawnSync } from "node:child_process";
import path from "node:path";

export type CliResult = { code: number | null; stdout: string; stderr: string; json: <T = Record<string, unknown>>() => T };

/** Runs the admin CLI as an operator would (a new process on the test stack's database). */
export function admin(...args: string[]): CliResult {
  const result = spawnSync(path.join("node_modules", ".bin", "tsx"), ["scripts/admin.ts", ...args], { env: process.env, encoding: "utf8" });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr, json: <T>() => JSON.parse(result.stdout) as T };
}
