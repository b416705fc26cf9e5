import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./free-port";

export const PROMETHEUS_MISSING =
  "Prometheus is not installed (Debian: apt-get install prometheus; .ci/run installs it): the fleet test needs it";

export function prometheusAvailable(): boolean {
  return !spawnSync("prometheus", ["--version"], { encoding: "utf8" }).error;
}

export type Prometheus = {
  url: string;
  dir: string;
  query: (promql: string) => Promise<{ metric: Record<string, string>; value: [number, string] }[]>;
  stop: () => Promise<void>;
};

/**
 * Debian's Prometheus on 127.0.0.1 with the configuration `writeConfig` writes into a temp dir (its TSDB there
 * too), ready when it says so. A watchdog stops it if the test process dies.
 */
export async function startPrometheus(writeConfig: (dir: string) => string): Promise<Prometheus> {
  const dir = mkdtempSync(path.join(tmpdir(), "pis-prometheus-"));
  const configFile = writeConfig(dir);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    "prometheus",
    [
      `--config.file=${configFile}`,
      `--storage.tsdb.path=${path.join(dir, "data")}`,
      `--web.listen-address=127.0.0.1:${port}`,
      "--log.level=warn",
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr.on("data", (c: Buffer) => (output += c.toString()));
  spawn(process.execPath, ["scripts/watchdog.mjs", String(process.pid), String(child.pid), dir], {
    stdio: "ignore",
    detached: true,
  }).unref();
  const stop = async () => {
    child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  };
  for (const deadline = Date.now() + 60_000; ; await new Promise((r) => setTimeout(r, 250))) {
    const status = await fetch(`${url}/-/ready`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`Prometheus did not become ready:\n${output}`);
    }
  }
  return {
    url,
    dir,
    stop,
    query: async (promql) => {
      const res = await fetch(`${url}/api/v1/query?query=${encodeURIComponent(promql)}`);
      const body = (await res.json()) as { data: { result: [] } };
      return body.data.result;
    },
  };
}
