/**
 * `npm run heap:browse`: does the development server's memory settle while someone browses the console?
 * Starts `scripts/server.ts --dev` on a free port with its own data directory under the OS temp dir (a
 * developer's running `npm run dev` and its database are never touched), signs in as the three demo roles
 * and opens every console page in turn: one first lap (which compiles each page), then for MINUTES (default
 * 30) more. Once a minute it prints the server's
 * heap and resident memory from /api/metrics; at the end the heap's growth from the first full lap to the
 * last, then it stops the server with SIGTERM and checks that the embedded PostgreSQL went with it.
 * Exit code 1 when the cluster outlives the server or no lap completed. Not part of `npm test`.
 *
 * HEAP_NODE_ARGS adds options to the server's node (e.g. "--heapsnapshot-signal=SIGUSR2" to take heap
 * snapshots with `kill -USR2 <pid>`; the server's pid is printed at start).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type BrowserContext, type Page } from "@playwright/test";
import { freePort } from "../lib/base/db/ensure-database";

const MINUTES = Number(process.env.MINUTES || 30);
const ROOT = path.resolve(import.meta.dirname, "..");
const PAGE_TIMEOUT_MS = 180_000; // the first visit of a page compiles it, slow on a busy machine
const STOP_TIMEOUT_MS = 60_000;

/** Console routes from app/console/**\/page.tsx: route groups dropped, `[id]` pages kept as patterns. */
function consoleRoutes(): string[] {
  const base = path.join(ROOT, "app", "console");
  const files = readdirSync(base, { recursive: true, encoding: "utf8" }).filter(
    (f) => f === "page.tsx" || f.endsWith(`${path.sep}page.tsx`),
  );
  return files
    .map((file) => {
      const segments = path
        .dirname(file)
        .split(path.sep)
        .filter((s) => s !== "." && !/^\(.*\)$/.test(s));
      // The catch-all is the console's own not-found page: visited through a path nothing else serves.
      return "/" + ["console", ...segments].join("/").replace("[...missing]", "no-such-page");
    })
    .filter((route) => route !== "/console/login")
    .sort();
}

/** Folder names under app/console: segments that name a route of their own, never a record. */
const STATIC_SEGMENTS = new Set(
  readdirSync(path.join(ROOT, "app", "console"), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith("[") && !entry.name.startsWith("("))
    .map((entry) => entry.name),
);

type Visit = { pattern: string; list?: string };
const visits = (routes: string[]): Visit[] =>
  routes.map((pattern) =>
    /\[\w+\]/.test(pattern) ? { pattern, list: pattern.replace(/\/\[\w+\]$/, "") } : { pattern },
  );

function startServer(
  env: NodeJS.ProcessEnv,
  logFile: string,
): { child: ChildProcess; ready: Promise<void>; output: () => string } {
  const nodeArgs = (process.env.HEAP_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, "--import", "tsx", "scripts/server.ts", "--dev"], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const log = createWriteStream(logFile);
  let tail = "";
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      log.write(chunk);
      tail = (tail + chunk.toString()).slice(-20_000);
      if (tail.includes("Ready on")) resolve();
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code, signal) =>
      reject(new Error(`the server exited (${code ?? signal}) before it was ready:\n${tail.slice(-3000)}`)),
    );
  });
  return { child, ready, output: () => tail };
}

type Memory = { heapMb: number; rssMb: number };

async function memory(baseUrl: string): Promise<Memory | null> {
  try {
    const text = await (await fetch(`${baseUrl}/api/metrics`, { signal: AbortSignal.timeout(120_000) })).text();
    const read = (name: string) => Number(text.match(new RegExp(`^${name} (\\S+)`, "m"))?.[1] ?? NaN) / 1024 / 1024;
    const found = { heapMb: read("nodejs_heap_size_used_bytes"), rssMb: read("process_resident_memory_bytes") };
    return Number.isFinite(found.heapMb) ? found : null;
  } catch {
    return null;
  }
}

type Login = { email: string; password: string };

async function signIn(context: BrowserContext, baseUrl: string, user: Login): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(PAGE_TIMEOUT_MS);
  for (let attempt = 1; ; attempt++) {
    try {
      await page.goto(`${baseUrl}/console/login`, { waitUntil: "load" });
      // Signed in after all (an earlier attempt's answer came late): the login page sends the user on.
      if (!new URL(page.url()).pathname.startsWith("/console/login")) return page;
      // The form signs in from the browser: sent before React hydrated it, it would be a plain GET of the page.
      await page.waitForFunction(() =>
        Object.keys(document.querySelector('input[name="password"]') ?? {}).some((k) => k.startsWith("__react")),
      );
      await page.locator('input[name="email"]').fill(user.email);
      await page.locator('input[name="password"]').fill(user.password);
      await page.locator('form:has(input[name="password"]) button[type="submit"]').click();
      await page.waitForURL((url) => !url.pathname.startsWith("/console/login"));
      console.log(`signed in as ${user.email}`);
      return page;
    } catch (error) {
      if (attempt === 3)
        throw new Error(`could not sign in as ${user.email}: ${(error as Error).message.split("\n")[0]}`);
    }
  }
}

/** The first record's detail page, through a link on its list page, as a person would open it. */
async function firstDetail(page: Page, baseUrl: string, visit: Visit): Promise<string | null> {
  await page.goto(`${baseUrl}${visit.list}`, { waitUntil: "load" });
  const prefix = visit.pattern.replace(/\[\w+\]$/, "");
  const hrefs = await page
    .locator(`a[href^="${prefix}"]`)
    .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  // Not a static neighbour such as transactions/export (a download): a record's own page.
  const record = (href: string) =>
    new RegExp(`^${prefix}[^/?#]+$`).test(href) && !STATIC_SEGMENTS.has(href.slice(prefix.length));
  return hrefs.find(record) ?? null;
}

function postmasterOf(dataDir: string): number | null {
  try {
    return Number(readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]) || null;
  } catch {
    return null;
  }
}

/** The postmaster pid and every process it started, as /proc lists them. */
function clusterProcesses(postmaster: number): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, "utf8");
      const ppid = Number(status.match(/^PPid:\s+(\d+)/m)?.[1]);
      if (Number(entry) === postmaster || ppid === postmaster) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

async function stopServer(child: ChildProcess): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return true;
  const exited = new Promise<boolean>((resolve) => child.once("exit", () => resolve(true)));
  child.kill("SIGTERM");
  return Promise.race([exited, new Promise<boolean>((resolve) => setTimeout(() => resolve(false), STOP_TIMEOUT_MS))]);
}

const mb = (n: number) => n.toFixed(1).padStart(7);

async function main() {
  const work = mkdtempSync(path.join(tmpdir(), "pis-heap-browse-"));
  chmodSync(work, 0o755); // root runs the cluster as the postgres user, who must reach its data directory
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    HOSTNAME: "127.0.0.1",
    APP_DATA_DIR: path.join(work, "data"),
    EMBEDDED_PG_PORT: String(await freePort()),
    NEXTAUTH_URL: baseUrl,
    NEXT_TELEMETRY_DISABLED: "1",
    CHECKPOINT_DISABLE: "1",
  };
  delete env.DATABASE_URL;
  delete env.NODE_ENV;
  const logFile = path.join(tmpdir(), `pis-heap-browse-${port}.log`);
  const server = startServer(env as NodeJS.ProcessEnv, logFile);
  console.log(`server pid ${server.child.pid} on ${baseUrl}, its log in ${logFile}`);
  let failed = false;
  let dataDir = path.join(work, "data", "pg");
  // Interrupted (Ctrl-C): the server still stops with SIGTERM, and with it its cluster.
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      console.log(`${signal}: stopping the server`);
      void stopServer(server.child).finally(() => {
        rmSync(work, { recursive: true, force: true });
        process.exit(130);
      });
    });
  }
  try {
    await server.ready;
    dataDir = server.output().match(/using the embedded PostgreSQL in (\S+) on 127/)?.[1] ?? dataDir;
    // The seed writes the demo logins beside the data on the first start (prisma/seed.ts).
    const logins = JSON.parse(readFileSync(path.join(work, "data", "demo-users.json"), "utf8")) as Record<
      "admin" | "dealer" | "provider",
      Login
    >;
    failed = await browse(baseUrl, logins);
  } catch (error) {
    console.log(`FAIL: ${(error as Error).message}`);
    failed = true;
  }
  const postmaster = postmasterOf(dataDir);
  console.log(
    `stopping the server with SIGTERM; its embedded PostgreSQL in ${dataDir} has postmaster pid ${postmaster ?? "?"}`,
  );
  if (!(await stopServer(server.child)))
    console.log(`the server did not exit within ${STOP_TIMEOUT_MS / 1000}s of SIGTERM`);
  // The development worker restarts itself near its heap limit (scripts/dev-memory.ts): say how often it did.
  const restarts = readFileSync(logFile, "utf8").split("development server restarted to free its memory").length - 1;
  console.log(`the development worker restarted ${restarts} time(s) to free its memory`);
  server.child.kill("SIGKILL");
  const left = postmaster ? clusterProcesses(postmaster) : [];
  if (left.length || existsSync(path.join(dataDir, "postmaster.pid"))) {
    console.log(
      `FAIL: the embedded PostgreSQL outlived the server (processes ${left.join(", ") || "none"}, postmaster.pid ${existsSync(path.join(dataDir, "postmaster.pid")) ? "present" : "gone"}); stopping it`,
    );
    if (postmaster && left.includes(postmaster)) process.kill(postmaster, "SIGINT");
    failed = true;
  } else console.log("the server stopped on SIGTERM and its embedded PostgreSQL is gone");
  if (!failed) rmSync(work, { recursive: true, force: true });
  else console.log(`kept ${work} for a look`);
  process.exit(failed ? 1 : 0);
}

/** Browses for MINUTES; true when something went wrong (no full lap, pages that failed to load). */
async function browse(baseUrl: string, logins: Record<"admin" | "dealer" | "provider", Login>): Promise<boolean> {
  const routes = visits(consoleRoutes());
  console.log(
    `${routes.length} console pages × 3 roles for ${MINUTES} minutes: ${routes.map((r) => r.pattern).join(" ")}`,
  );
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });
  const started = Date.now();
  // The first lap compiles every page (minutes on a busy machine): MINUTES of browsing start after it.
  let deadline = Infinity;
  let visited = 0;
  let errors = 0;
  const laps: Memory[] = [];
  let minute = 0;
  let printed = Promise.resolve();
  const ticker = setInterval(() => {
    const [at, pages] = [++minute, visited];
    const sample = memory(baseUrl);
    // In minute order, even when a busy server answers one scrape after the next.
    printed = printed
      .then(() => sample)
      .then((m) => {
        console.log(
          `minute ${String(at).padStart(3)}  pages visited ${String(pages).padStart(6)}  heap used MB ${m ? mb(m.heapMb) : "      ?"}  RSS MB ${m ? mb(m.rssMb) : "      ?"}`,
        );
      });
  }, 60_000);
  try {
    const pages: Page[] = [];
    for (const role of ["admin", "dealer", "provider"] as const)
      pages.push(await signIn(await browser.newContext({ locale: "en-US" }), baseUrl, logins[role]));
    while (Date.now() < deadline) {
      for (const page of pages) {
        for (const visit of routes) {
          if (Date.now() >= deadline) break;
          try {
            const target = visit.list ? await firstDetail(page, baseUrl, visit) : visit.pattern;
            if (visit.list) visited++;
            if (target) {
              await page.goto(`${baseUrl}${target}`, { waitUntil: "load" });
              visited++;
            }
          } catch (error) {
            errors++;
            if (errors <= 20)
              console.log(`could not open ${visit.pattern}: ${(error as Error).message.split("\n")[0]}`);
          }
        }
      }
      if (Date.now() < deadline) {
        const m = await memory(baseUrl);
        if (m) laps.push(m);
      }
      if (deadline === Infinity) {
        deadline = Date.now() + MINUTES * 60_000;
        console.log(
          `first full lap done after ${((Date.now() - started) / 60_000).toFixed(1)} minutes: browsing for ${MINUTES} more`,
        );
      }
    }
  } finally {
    clearInterval(ticker);
    await browser.close();
  }
  const end = await memory(baseUrl);
  console.log(
    `at the end: heap used MB ${end ? mb(end.heapMb) : "?"}  RSS MB ${end ? mb(end.rssMb) : "?"}  after ${visited} page visits (${errors} failed)`,
  );
  if (laps.length < 2) {
    console.log(`only ${laps.length} full lap(s) in ${MINUTES} minutes: no growth to compare`);
    return laps.length === 0;
  }
  const [first, last] = [laps[0]!, laps.at(-1)!];
  console.log(
    `growth from the first full lap to the last (${laps.length} laps): heap used ${mb(first.heapMb).trim()} -> ${mb(last.heapMb).trim()} MB (${(last.heapMb - first.heapMb >= 0 ? "+" : "") + (last.heapMb - first.heapMb).toFixed(1)} MB), RSS ${mb(first.rssMb).trim()} -> ${mb(last.rssMb).trim()} MB (${(last.rssMb - first.rssMb >= 0 ? "+" : "") + (last.rssMb - first.rssMb).toFixed(1)} MB)`,
  );
  return false;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
