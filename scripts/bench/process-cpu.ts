/**
 * CPU time (user + system) of a process and all its descendants, read from /proc: what the app server's
 * processes (one, or a cluster's primary and workers) spent, excluding PostgreSQL and the load generator.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

export const TICKS_PER_SECOND = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;

type Stat = { pid: number; ppid: number; ticks: number; reapedTicks: number };

function readStat(pid: string): Stat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name is in parentheses and may hold spaces: the fields that follow start after the last ")".
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    return {
      pid: Number(pid),
      ppid: Number(fields[1]),
      ticks: Number(fields[11]) + Number(fields[12]),
      reapedTicks: Number(fields[13]) + Number(fields[14]),
    };
  } catch {
    return null; // exited while listed
  }
}

/**
 * The process tree under `rootPid`: the number of processes and their CPU milliseconds so far. With `reaped`,
 * also what the root's children spent before they exited (PostgreSQL's backends come and go with the pools'
 * idle timeouts: without it a run that outlives a backend would lose its CPU); with `reaped: "all"`, what every
 * process of the tree reaped (a backend reaped by PostgreSQL's postmaster, a generator reaped by its tsx).
 */
export function treeCpu(
  rootPid: number,
  options: { reaped?: boolean | "all" } = {},
): { processes: number; cpuMs: number } {
  const stats = readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map(readStat)
    .filter((s): s is Stat => s !== null);
  const children = new Map<number, Stat[]>();
  for (const s of stats) children.set(s.ppid, [...(children.get(s.ppid) ?? []), s]);
  const root = stats.find((s) => s.pid === rootPid);
  if (!root) return { processes: 0, cpuMs: 0 };
  let ticks = options.reaped ? root.reapedTicks : 0;
  let processes = 0;
  const queue = [root];
  while (queue.length) {
    const next = queue.pop()!;
    ticks += next.ticks + (options.reaped === "all" && next !== root ? next.reapedTicks : 0);
    processes++;
    queue.push(...(children.get(next.pid) ?? []));
  }
  return { processes, cpuMs: (ticks * 1000) / TICKS_PER_SECOND };
}
