import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { isAlive } from "@/lib/base/db/cluster-owner";
import { freshEnv } from "../support/checkout-copy";
import { FaultProgress } from "../support/fault-progress";
import { freePort } from "../support/free-port";
import { startAppServer, type AppServer } from "../support/test-stack";

const parent = mkdtempSync(path.join(tmpdir(), "pis-cluster-owner-"));
chmodSync(parent, 0o755); // root runs the cluster as the postgres user, who must reach its data directory
const dataDir = path.join(parent, "data");
const clusterDir = path.join(dataDir, "pg");
const postmasters = new Set<number>();

afterAll(() => {
  // Whatever the outcome, no cluster of this test outlives it.
  for (const pid of postmasters) if (isAlive(pid)) process.kill(pid, "SIGKILL");
  rmSync(parent, { recursive: true, force: true });
});

const postmaster = () => {
  const pid = Number(readFileSync(path.join(clusterDir, "postmaster.pid"), "utf8").split("\n")[0]);
  postmasters.add(pid);
  return pid;
};

async function goneWithin(pid: number, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 200)))
    if (!isAlive(pid)) return true;
  return !isAlive(pid);
}

const logLines = (server: AppServer, text: string) =>
  server
    .output()
    .split("\n")
    .filter((line) => line.includes(text));

describe("the embedded cluster's owner", { timeout: 30 * 60_000 }, () => {
  it("a server adopts the cluster its killed predecessor left running and stops it on SIGTERM", async () => {
    // The server script as `npm start` runs it with APP_ENV=development and no DATABASE_URL: on its own cluster.
    const env = freshEnv({
      DATABASE_URL: "",
      APP_ENV: "development",
      APP_DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await freePort()),
      JOB_RUNNER: "off",
      APP_ENCRYPTION_KEY: "",
      NEXTAUTH_SECRET: "",
    });

    const progress = new FaultProgress("the embedded cluster's owner");
    const start = (label: string) =>
      progress.serverStart(label, (budgetMs) => startAppServer(env, [parent], undefined, { readyWithinMs: budgetMs }));
    const first = await start("creates the cluster");
    expect(logLines(first, `using the embedded PostgreSQL in ${clusterDir}`)).toHaveLength(1);
    const orphan = postmaster();
    await first.stop("SIGKILL"); // out of memory, kill -9: no shutdown runs
    await new Promise((r) => setTimeout(r, 1000));
    expect(isAlive(orphan), "the killed server's cluster keeps running").toBe(true);

    const second = await start("adopts the orphan");
    const adopted = logLines(second, "Adopted the embedded PostgreSQL");
    expect(adopted, second.output()).toHaveLength(1);
    expect(adopted[0]).toContain(`${clusterDir} on 127.0.0.1:${env.EMBEDDED_PG_PORT} (postmaster pid ${orphan})`);
    expect(postmaster()).toBe(orphan);
    expect((await fetch(`${second.baseUrl}/api/ready`)).status).toBe(200);
    await second.stop("SIGTERM");
    expect(await goneWithin(orphan, 40_000), "the adopting server stops the cluster on SIGTERM").toBe(true);
    expect(existsSync(path.join(clusterDir, "postmaster.pid")), "a clean shutdown removes postmaster.pid").toBe(false);
    expect(existsSync(`${clusterDir}.owner`)).toBe(false);

    // The next start finds nothing running and starts the cluster itself, on the same data.
    const third = await start("starts the stopped cluster");
    expect(logLines(third, `using the embedded PostgreSQL in ${clusterDir}`)).toHaveLength(1);
    expect(logLines(third, "Adopted")).toHaveLength(0);
    const fresh = postmaster();
    expect(fresh).not.toBe(orphan);
    expect((await fetch(`${third.baseUrl}/api/ready`)).status).toBe(200);

    // A cluster whose owner lives is reused and left alone.
    const beside = await start("beside a live owner");
    expect(logLines(beside, "Adopted")).toHaveLength(0);
    await beside.stop("SIGTERM");
    expect(isAlive(fresh), "a server that only reused the cluster leaves it running").toBe(true);
    expect((await fetch(`${third.baseUrl}/api/ready`)).status).toBe(200);

    await third.stop("SIGTERM");
    expect(await goneWithin(fresh, 40_000)).toBe(true);
    console.log(progress.summary());
  });
});
