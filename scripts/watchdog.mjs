// Stops what a test run started if the run itself dies without cleaning up (killed, crashed):
// polls the parent pid and, once it is gone, kills the listed pids and the postmaster of the data dirs.
import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

const [parentPid, ...targets] = process.argv.slice(2);

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function cleanUp() {
  for (const target of targets) {
    if (/^\d+$/.test(target)) {
      try {
        process.kill(Number(target), "SIGKILL");
      } catch {
        /* already gone */
      }
      continue;
    }
    const pidFile = path.join(target, "pg", "postmaster.pid");
    if (existsSync(pidFile)) {
      const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
      try {
        process.kill(pid, "SIGQUIT");
      } catch {
        /* already gone */
      }
    }
    setTimeout(() => rmSync(target, { recursive: true, force: true }), 2000);
  }
  setTimeout(() => process.exit(0), 2500);
}

const timer = setInterval(() => {
  if (!alive(Number(parentPid))) {
    clearInterval(timer);
    cleanUp();
  }
}, 1000);
