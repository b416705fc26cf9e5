/**
 * Runs the suite's steps, several at a time where the machine has room: a step starts once the steps it needs
 * have passed and the cores it keeps busy fit beside those already running (a step that needs more than the
 * machine has runs when it is alone). Each step's output goes to its own log under test-results/logs and, line
 * by line with the step's name in front, to this process's output; the summary gives each step's own result,
 * its wall time, when it started and ended, and its test count.
 */
import { spawn } from "node:child_process";
import { createWriteStream, mkdirSync } from "node:fs";
import path from "node:path";
import type { Counts } from "./reports";

export type Step = {
  name: string;
  command: string[];
  /** The steps that must have passed first; when one did not, this one is skipped (and counted as failed). */
  after?: string[];
  /** How many cores it keeps busy while it runs (a share of the machine, not a limit it is held to). */
  cores: number;
  /** Its report's counts (tests passed and failed, what failed); without one a step counts by its exit code. */
  counts?: () => Counts;
  /** Checked after a zero exit (the build's output is there): false fails the step. */
  produced?: () => boolean;
  env?: Record<string, string>;
};

export type StepResult = {
  name: string;
  outcome: "PASS" | "FAIL" | "SKIP";
  startedAt: number;
  endedAt: number;
  counts?: Counts;
  note?: string;
};

type Running = { step: Step; done: Promise<StepResult> };

function prefixLines(name: string, write: (text: string) => void) {
  let partial = "";
  return {
    push(chunk: Buffer) {
      const lines = (partial + chunk.toString()).split("\n");
      partial = lines.pop() ?? "";
      for (const line of lines) write(`[${name}] ${line}\n`);
    },
    flush() {
      if (partial) write(`[${name}] ${partial}\n`);
      partial = "";
    },
  };
}

function runOne(step: Step, logs: string, origin: number): Promise<StepResult> {
  const startedAt = Date.now() - origin;
  const log = createWriteStream(path.join(logs, `${step.name.replace(/\W+/g, "-")}.log`));
  process.stdout.write(`\n=== ${step.name} (at ${(startedAt / 1000).toFixed(0)} s): ${step.command.join(" ")}\n`);
  const child = spawn(step.command[0]!, step.command.slice(1), {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, ...step.env },
  });
  const out = prefixLines(step.name, (text) => process.stdout.write(text));
  for (const stream of [child.stdout, child.stderr]) {
    stream.on("data", (chunk: Buffer) => {
      log.write(chunk);
      out.push(chunk);
    });
  }
  return new Promise((resolve) => {
    child.once("error", (error) => log.write(`\n${String(error)}\n`));
    child.once("close", (code) => {
      out.flush();
      log.end();
      const result: StepResult = { name: step.name, outcome: code === 0 ? "PASS" : "FAIL", startedAt, endedAt: 0 };
      if (step.counts) {
        try {
          result.counts = step.counts();
          if (result.counts.failed > 0) result.outcome = "FAIL";
        } catch {
          result.outcome = "FAIL";
          result.note = "no report";
        }
      }
      if (result.outcome === "PASS" && step.produced && !step.produced()) {
        result.outcome = "FAIL";
        result.note = "its output is missing";
      }
      result.endedAt = Date.now() - origin;
      resolve(result);
    });
  });
}

/**
 * Runs `steps` on a machine of `cores`, in the given order of preference: ready steps start in that order while they
 * fit beside the running ones; a step still waiting for the steps it needs lets the ones after it go first.
 */
export async function runSteps(steps: Step[], cores: number, logs: string): Promise<StepResult[]> {
  mkdirSync(logs, { recursive: true });
  const origin = Date.now();
  const results = new Map<string, StepResult>();
  const running = new Map<string, Running>();
  const waiting = [...steps];
  const known = new Set(steps.map((step) => step.name));
  for (const step of steps)
    for (const need of step.after ?? [])
      if (!known.has(need)) throw new Error(`step "${step.name}" waits for "${need}", which is not in the plan`);

  while (waiting.length > 0 || running.size > 0) {
    const before = waiting.length;
    let busy = [...running.values()].reduce((sum, r) => sum + r.step.cores, 0);
    for (const step of [...waiting]) {
      const needs = step.after ?? [];
      const blocked = needs.find((need) => results.has(need) && results.get(need)!.outcome !== "PASS");
      if (blocked) {
        const at = Date.now() - origin;
        results.set(step.name, {
          name: step.name,
          outcome: "SKIP",
          startedAt: at,
          endedAt: at,
          note: `${blocked} did not pass`,
        });
        waiting.splice(waiting.indexOf(step), 1);
        continue;
      }
      if (!needs.every((need) => results.has(need))) continue;
      // In order: a ready step that does not fit yet holds back the ones after it, so the build (or a long
      // heavy step) is not pushed back again and again by shorter ones that happen to fit.
      if (busy + step.cores > cores && running.size > 0) break;
      waiting.splice(waiting.indexOf(step), 1);
      busy += step.cores;
      running.set(step.name, { step, done: runOne(step, logs, origin) });
    }
    if (running.size === 0) {
      if (waiting.length === before)
        throw new Error(`the steps wait for each other: ${waiting.map((s) => s.name).join(", ")}`);
      continue;
    }
    const finished = await Promise.race([...running.values()].map((r) => r.done));
    running.delete(finished.name);
    results.set(finished.name, finished);
    process.stdout.write(`\n=== ${finished.name}: ${describeResult(finished)}\n`);
  }
  return steps.map((step) => results.get(step.name)!);
}

export function describeResult(result: StepResult): string {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)}s`;
  const counts = result.counts ? ` (${result.counts.passed} passed, ${result.counts.failed} failed)` : "";
  const note = result.note ? ` [${result.note}]` : "";
  if (result.outcome === "SKIP") return `SKIP  ${result.name}${note}`;
  const span = `from ${seconds(result.startedAt)} to ${seconds(result.endedAt)}`;
  return `${result.outcome}  ${result.name} in ${seconds(result.endedAt - result.startedAt)}${counts}${note}, ${span}`;
}
