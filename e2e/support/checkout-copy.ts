import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, cpSync, existsSync, mkdirSync, symlinkSync } from "node:fs";
import path from "node:path";

type Options = {
  /** "link": a symlink to this checkout's node_modules; "hardlinks": a real tree inside the copy (cp -al). */
  nodeModules?: "link" | "hardlinks" | "none";
  /** Hard-link this checkout's production build (.next and the bundled server in dist) into the copy. */
  build?: boolean;
};

/**
 * A second checkout of this project as `git clone` would make it (the files git tracks plus new ones it
 * does not ignore; no .data, no .next), for tests of what happens beside or instead of this one.
 */
export function copyCheckout(target: string, options: Options = {}): string {
  const root = process.cwd();
  const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
  })
    .split("\0")
    .filter(Boolean);
  for (const file of files) {
    const from = path.join(root, file);
    if (!existsSync(from)) continue; // deleted in the working tree
    mkdirSync(path.dirname(path.join(target, file)), { recursive: true });
    copyFileSync(from, path.join(target, file));
  }
  const hardlink = (dir: string) => {
    const result = spawnSync("cp", ["-al", path.join(root, dir), path.join(target, dir)]);
    if (result.status !== 0) throw new Error(`cp -al ${dir} failed: ${result.stderr}`);
  };
  if (options.nodeModules === "hardlinks") hardlink("node_modules");
  else if (options.nodeModules !== "none")
    symlinkSync(path.join(root, "node_modules"), path.join(target, "node_modules"));
  // What `npm install` would have generated next to the installed packages (the Prisma client).
  if (options.nodeModules !== "none")
    cpSync(path.join(root, "lib", "generated"), path.join(target, "lib", "generated"), { recursive: true });
  if (options.build) {
    hardlink(".next");
    hardlink("dist"); // the server the tests start is the bundle, which refuses a .next newer than itself
  }
  return target;
}

/** The environment of a fresh shell: none of the test stack's database, data dir or keys. */
export function freshEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of [
    "DATABASE_URL",
    "APP_DATA_DIR",
    "APP_ENCRYPTION_KEY",
    "NEXTAUTH_SECRET",
    "NEXTAUTH_URL",
    "PUBLIC_BASE_URL",
    "EMBEDDED_PG_PORT",
    "PORT",
  ])
    delete env[name];
  return { ...env, CHECKPOINT_DISABLE: "1", NEXT_TELEMETRY_DISABLED: "1", ...extra };
}
