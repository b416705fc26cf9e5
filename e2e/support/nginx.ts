import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { freePort } from "./free-port";

/** Where Debian's package puts it; `NGINX_BIN` names another. */
export function nginxBinary(): string | null {
  const candidates = [process.env.NGINX_BIN, "/usr/sbin/nginx", "/usr/bin/nginx"].filter((p): p is string =>
    Boolean(p),
  );
  const found = candidates.find((p) => existsSync(p));
  if (found) return found;
  const which = spawnSync("sh", ["-c", "command -v nginx"], { encoding: "utf8" });
  return which.status === 0 && which.stdout.trim() ? which.stdout.trim() : null;
}

export const NGINX_MISSING =
  "nginx is not installed (Debian: apt-get install nginx; .ci/run installs it): the fleet test needs the real proxy";

/** One try of a request at an upstream: its address, the status it answered (502 when it did not) and the bytes nginx sent it. */
export type UpstreamTry = { addr: string; status: string; bytesSent: number };
/** A line of the fleet log format (fleet-files.ts, NGINX_LOG_FORMAT). */
export type NginxLogEntry = { requestId: string; method: string; uri: string; status: number; tries: UpstreamTry[] };

export type Nginx = {
  url: string;
  port: number;
  pid: number;
  accessLog: () => NginxLogEntry[];
  errorLog: () => string;
  stop: () => Promise<void>;
};

/** nginx separates the tries of one request with ", " (and an internal redirect with " : "). */
const splitTries = (value: string) => (value && value !== "-" ? value.split(/, | : /) : []);

export function parseAccessLog(text: string): NginxLogEntry[] {
  return text
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const e = JSON.parse(line) as Record<string, string>;
      const addrs = splitTries(e.upstream_addr!);
      const statuses = splitTries(e.upstream_status!);
      const sent = splitTries(e.upstream_bytes_sent!);
      return {
        requestId: e.request_id!,
        method: e.method!,
        uri: e.uri!,
        status: Number(e.status),
        tries: addrs.map((addr, i) => ({ addr, status: statuses[i] ?? "", bytesSent: Number(sent[i] ?? 0) })),
      };
    });
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/**
 * Runs nginx in the foreground (`daemon off`) with the configuration `writeConf` returns for a free port
 * and a temp prefix that holds the pid file, the logs and the temporary files. As root its workers stay
 * root too (`user` of this process), not Debian's www-data. A watchdog stops it if the test process dies.
 */
export async function startNginx(
  writeConf: (place: { listenPort: number; dir: string; user?: string }) => string,
): Promise<Nginx> {
  const binary = nginxBinary();
  if (!binary) throw new Error(NGINX_MISSING);
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), "pis-nginx-"));
  const confPath = path.join(dir, "nginx.conf");
  writeFileSync(
    confPath,
    writeConf({ listenPort: port, dir, user: process.getuid?.() === 0 ? userInfo().username : undefined }),
  );
  const child = spawn(binary, ["-p", dir, "-c", confPath, "-g", "daemon off;"], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr.on("data", (c: Buffer) => (output += c.toString()));
  const watchdog = spawn(process.execPath, ["scripts/watchdog.mjs", String(process.pid), String(child.pid), dir], {
    stdio: "ignore",
    detached: true,
  });
  watchdog.unref();
  const errorLog = () =>
    existsSync(path.join(dir, "error.log")) ? readFileSync(path.join(dir, "error.log"), "utf8") : "";
  for (const deadline = Date.now() + 20_000; !(await listening(port)); await new Promise((r) => setTimeout(r, 100))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      watchdog.kill();
      const why = `nginx did not listen on 127.0.0.1:${port}: ${output}\n${errorLog()}`;
      rmSync(dir, { recursive: true, force: true });
      throw new Error(why);
    }
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid!,
    accessLog: () =>
      parseAccessLog(
        existsSync(path.join(dir, "access.log")) ? readFileSync(path.join(dir, "access.log"), "utf8") : "",
      ),
    errorLog,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        // SIGTERM: nginx's fast shutdown (its workers exit with the master).
        child.kill("SIGTERM");
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        child.kill("SIGKILL");
      }
      watchdog.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
