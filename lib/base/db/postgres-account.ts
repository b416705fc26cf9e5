import { execFileSync, spawnSync } from "node:child_process";
import { lstatSync, mkdirSync } from "node:fs";
import path from "node:path";
import { EmbeddedPostgresError } from "./embedded-postgres-error";
import { config } from "@/lib/base/config/env";

/** The user the cluster runs as: null means this process's own user (PostgreSQL refuses to run as root). */
export type PostgresAccount = { uid: number; gid: number } | null;

const USER = "postgres";
const FIX = "set DATABASE_URL to a PostgreSQL server, or run as a user other than root";

export function runsAsRoot(): boolean {
  return typeof process.getuid === "function" && process.getuid() === 0;
}

function lookUp(): { uid: number; gid: number } | null {
  try {
    const uid = Number(
      execFileSync("id", ["-u", USER], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim(),
    );
    const gid = Number(
      execFileSync("id", ["-g", USER], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim(),
    );
    return Number.isInteger(uid) && Number.isInteger(gid) ? { uid, gid } : null;
  } catch {
    return null;
  }
}

let cached: PostgresAccount | undefined;

/** As root, the "postgres" user (created when missing, as the cluster needs someone to run as). */
export function postgresAccount(): PostgresAccount {
  if (cached !== undefined) return cached;
  if (!runsAsRoot()) return (cached = null);
  let account = lookUp();
  if (!account) {
    try {
      execFileSync("groupadd", ["--system", USER], { stdio: "ignore" });
      execFileSync("useradd", ["--system", "--gid", USER, "--no-create-home", "--shell", "/usr/sbin/nologin", USER], {
        stdio: "ignore",
      });
    } catch {
      // Reported below in words.
    }
    account = lookUp();
  }
  if (!account)
    throw new EmbeddedPostgresError(
      `Running as root, the embedded PostgreSQL must run as a "${USER}" user, which does not exist and could not be ` +
        `created: create it (useradd ${USER}), or ${FIX}.`,
    );
  return (cached = account);
}

/** True when the account can reach `target` (`test -x`: enter a directory, run a program). */
export function canReach(account: PostgresAccount, target: string): boolean {
  if (!account) return true;
  const probe = spawnSync("/bin/sh", ["-c", 'test -x "$1"', "sh", target], {
    uid: account.uid,
    gid: account.gid,
    stdio: "ignore",
  });
  return probe.status === 0;
}

const SHARED_ROOTS = ["/var/tmp", "/tmp"];

function defaultSharedDirectory(): string {
  const parent = SHARED_ROOTS.find((dir) => {
    try {
      return lstatSync(dir).isDirectory();
    } catch {
      return false;
    }
  });
  if (!parent)
    throw new EmbeddedPostgresError(
      `Running as root, the embedded PostgreSQL needs a place its "${USER}" user can reach and none of ` +
        `${SHARED_ROOTS.join(", ")} exists: set EMBEDDED_PG_SHARED_DIR, or ${FIX}.`,
    );
  return path.join(parent, "pis-embedded-postgres");
}

/**
 * A root-owned directory that the postgres user can enter (EMBEDDED_PG_SHARED_DIR, by default
 * /var/tmp/pis-embedded-postgres), for the binaries and data it cannot reach inside a private checkout
 * (a clone under /root). It usually sits in a world-writable place, so one that somebody else created is
 * refused rather than trusted.
 */
export function sharedDirectory(): string {
  const dir = path.resolve(config().EMBEDDED_PG_SHARED_DIR || defaultSharedDirectory());
  const refuse = (why: string) =>
    new EmbeddedPostgresError(
      `Running as root in a directory the "${USER}" user cannot enter, the embedded PostgreSQL would keep its files ` +
        `in ${dir}, but ${why}: set EMBEDDED_PG_SHARED_DIR or APP_DATA_DIR to a root-owned directory that user can ` +
        `enter, or ${FIX}.`,
    );
  try {
    mkdirSync(dir, { recursive: true, mode: 0o755 });
  } catch (error) {
    throw refuse(`it cannot be created (${(error as Error).message})`);
  }
  const stat = lstatSync(dir);
  if (!stat.isDirectory() || stat.uid !== 0 || (stat.mode & 0o022) !== 0)
    throw refuse("it is not a directory owned by root and writable only by it");
  if (!canReach(postgresAccount(), dir)) throw refuse(`the "${USER}" user cannot enter it either`);
  return dir;
}
