import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";

/**
 * Who stops this checkout's embedded cluster. A PostgreSQL started by a server outlives that server when it
 * dies without its shutdown (out of memory, kill -9); the next server must then take the cluster over, or
 * nothing would ever stop it. The owner's pid is kept in `<dataDir>.owner`, beside the data directory
 * (never inside it: initdb wants that empty).
 */
const ownerFile = (dataDir: string) => `${dataDir}.owner`;

/** A live process, or one of another user's we may not signal (EPERM); a zombie is dead. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  try {
    return !/^\d+ \(.*\) Z/s.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return true; // no /proc (macOS): the signal said it exists
  }
}

export function recordOwner(dataDir: string): void {
  writeFileSync(ownerFile(dataDir), `${process.pid}\n`);
}

/** The recorded owner's pid, null when none is recorded. */
export function recordedOwner(dataDir: string): number | null {
  const file = ownerFile(dataDir);
  if (!existsSync(file)) return null;
  return Number(readFileSync(file, "utf8").trim()) || null;
}

/** Forgets this process as the owner (once it has stopped the cluster); another's record stays. */
export function releaseOwner(dataDir: string): void {
  if (recordedOwner(dataDir) === process.pid) rmSync(ownerFile(dataDir), { force: true });
}

/** True when the cluster has an owner other than this process that is still running. */
export function ownedByAnother(dataDir: string): boolean {
  const owner = recordedOwner(dataDir);
  return owner !== null && owner !== process.pid && isAlive(owner);
}

export function postmasterPid(dataDir: string): number | null {
  try {
    return Number(readFileSync(`${dataDir}/postmaster.pid`, "utf8").split("\n")[0]) || null;
  } catch {
    return null;
  }
}

const STOP_GRACE_MS = 30_000;

/**
 * Stops a cluster this process did not start (so it is no child to wait for): SIGINT to its postmaster
 * (fast shutdown: open transactions roll back, then a clean checkpoint), SIGKILL after 30 s, and waits
 * until the process is gone. Root may signal the postgres user's processes.
 */
export async function stopPostmaster(pid: number, graceMs = STOP_GRACE_MS): Promise<void> {
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(pid, name);
    } catch {
      // already gone
    }
  };
  signal("SIGINT");
  const killAt = Date.now() + graceMs;
  let killed = false;
  while (isAlive(pid)) {
    if (!killed && Date.now() >= killAt) {
      signal("SIGKILL");
      killed = true;
    }
    if (killed && Date.now() >= killAt + 10_000) return; // not ours to signal after all (EPERM): give up
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
