import { createHash } from "node:crypto";
import {
  chownSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { canReach, postgresAccount, sharedDirectory } from "./postgres-account";

export type ClusterLocation = { dataDir: string; note?: string };

/**
 * Where this checkout's embedded cluster keeps its data: `wanted` (.data/pg) itself, unless the cluster
 * runs as the postgres user (we are root) and that user cannot enter it, as in a clone under /root or
 * any directory of mode 700. Then the data lives in a directory named after `wanted` under a root-owned
 * place that user can reach, the same one on every start, and `note` says so in one line.
 */
export function clusterLocation(wanted: string): ClusterLocation {
  mkdirSync(wanted, { recursive: true });
  const account = postgresAccount();
  if (canReach(account, wanted)) return { dataDir: realpathSync(wanted) };
  const checkout = realpathSync(wanted);
  const key = createHash("sha256").update(checkout).digest("hex").slice(0, 16);
  const shared = sharedDirectory();
  const forgotten = forgetDeletedCheckouts(shared);
  const dataDir = path.join(shared, `data-${key}`);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (account) chownSync(dataDir, account.uid, account.gid);
  writeFileSync(`${dataDir}${OWNER_SUFFIX}`, `${checkout}\n`);
  return {
    dataDir,
    note:
      `Running as root: the postgres user cannot enter ${wanted}, so this checkout's embedded PostgreSQL keeps ` +
      `its data in ${dataDir} (set APP_DATA_DIR to a directory it can reach to choose another place); it is ` +
      `removed at the next start of any checkout once this one is gone` +
      (forgotten.length ? ` (removed now: the data of ${forgotten.length} deleted checkout(s))` : "") +
      ".",
  };
}

/** Beside each shared data directory (not in it: initdb wants it empty), the checkout folder it belongs to. */
const OWNER_SUFFIX = ".checkout";

/**
 * Removes the shared data directories whose checkout is gone (a clone deleted, or its .data): they would stay in
 * /var/tmp for good. One whose cluster may still run (a postmaster.pid) or with no record of its checkout (made
 * before the record existed) is left. Returns what it removed.
 */
export function forgetDeletedCheckouts(shared: string): string[] {
  const removed: string[] = [];
  for (const entry of readdirSync(shared)) {
    if (!entry.startsWith("data-") || entry.endsWith(OWNER_SUFFIX)) continue;
    const dir = path.join(shared, entry);
    let checkout: string;
    try {
      checkout = readFileSync(`${dir}${OWNER_SUFFIX}`, "utf8").trim();
    } catch {
      continue;
    }
    if (!checkout || existsSync(checkout) || existsSync(path.join(dir, "postmaster.pid"))) continue;
    rmSync(dir, { recursive: true, force: true });
    rmSync(`${dir}${OWNER_SUFFIX}`, { force: true });
    removed.push(dir);
  }
  return removed;
}
