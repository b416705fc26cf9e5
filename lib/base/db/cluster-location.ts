import { createHash } from "node:crypto";
import { chownSync, mkdirSync, realpathSync } from "node:fs";
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
  const key = createHash("sha256").update(realpathSync(wanted)).digest("hex").slice(0, 16);
  const dataDir = path.join(sharedDirectory(), `data-${key}`);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (account) chownSync(dataDir, account.uid, account.gid);
  return {
    dataDir,
    note:
      `Running as root: the postgres user cannot enter ${wanted}, so this checkout's embedded PostgreSQL keeps ` +
      `its data in ${dataDir} (set APP_DATA_DIR to a directory it can reach to choose another place).`,
  };
}
