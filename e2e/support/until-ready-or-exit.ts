import { spawn } from "node:child_process";

export type Outcome = { code: number | null; output: string };

/**
 * Runs a server command until it prints "Ready on" (then stops it with SIGTERM) or exits by itself, and gives its exit
 * code and everything it wrote: how a test sees a start refused, or one that went through after all (and fails on
 * its exit code). Killed after `timeoutMs`.
 */
export function untilReadyOrExit(
  args: string[],
  env: Record<string, string | undefined>,
  timeoutMs = 60_000,
): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: env as unknown as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Ready on")) child.kill("SIGTERM");
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    child.once("error", reject);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** `node <args>` with exactly the environment given, to its exit: its code and everything it wrote. */
export function runToExit(args: string[], env: Record<string, string | undefined>): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: env as unknown as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (c: Buffer) => (output += c.toString()));
    child.stderr.on("data", (c: Buffer) => (output += c.toString()));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, output }));
  });
}
