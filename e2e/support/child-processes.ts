import { readdirSync, readFileSync } from "node:fs";

/** The pids of a process's children running dist/server.js (a cluster's workers), read from /proc. */
export function serverWorkerPids(parent: number): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, "utf8");
        return (
          Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === parent &&
          readFileSync(`/proc/${name}/cmdline`, "utf8").includes("dist/server.js")
        );
      } catch {
        return false;
      }
    })
    .map(Number);
}
