import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freshEnv } from "../support/checkout-copy";
import { freePort } from "../support/free-port";

const parent = mkdtempSync(path.join(tmpdir(), "pis-dev-busy-port-"));
chmodSync(parent, 0o755); // root runs the cluster as the postgres user, who must reach its data directory
const clusterDir = path.join(parent, "data", "pg");

afterAll(() => {
  const pidFile = path.join(clusterDir, "postmaster.pid");
  if (existsSync(pidFile)) process.kill(Number(readFileSync(pidFile, "utf8").split("\n")[0]), "SIGKILL");
  rmSync(parent, { recursive: true, force: true });
});

describe("npm run dev on a port another process holds", () => {
  it(
    "exits once with 78, says so in one line, starts no worker again and stops its database",
    async () => {
      const holder = createServer();
      await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
      const port = (holder.address() as { port: number }).port;
      try {
        const env: Record<string, string | undefined> = freshEnv({
          PORT: String(port),
          HOSTNAME: "127.0.0.1",
          APP_DATA_DIR: path.join(parent, "data"),
          EMBEDDED_PG_PORT: String(await freePort()),
        });
        env.NODE_ENV = undefined; // development: the server decides from --dev
        const child = spawn(process.execPath, ["--import", "tsx", "scripts/server.ts", "--dev"], {
          env: env as NodeJS.ProcessEnv,
          stdio: ["ignore", "pipe", "pipe"],
        });
        let output = "";
        child.stdout.on("data", (c: Buffer) => (output += c.toString()));
        child.stderr.on("data", (c: Buffer) => (output += c.toString()));
        // The database, its migrations and the demo seed come first: minutes on a busy machine.
        const timer = setTimeout(() => child.kill("SIGKILL"), 8 * 60_000);
        const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
        clearTimeout(timer);
        expect(code, output.slice(-3000)).toBe(78);
        const fatal = output.split("\n").filter((line) => line.includes('"level":"fatal"'));
        expect(fatal, output.slice(-3000)).toHaveLength(1);
        expect(fatal[0]).toContain(`PORT ${port} is in use on 127.0.0.1:${port} by another process`);
        expect(output).not.toContain("starting another");
        expect(output).not.toContain("EADDRINUSE");
        // The primary stopped the embedded cluster it started.
        expect(existsSync(path.join(clusterDir, "postmaster.pid"))).toBe(false);
      } finally {
        holder.close();
      }
    },
    10 * 60_000,
  );
});
