/**
 * Runs Next behind a plain Node HTTP server so route handlers can see the TCP peer address (the IP
 * whitelist must not trust client-sent headers). `npm run dev` and `npm start` both go through here.
 * It also stamps request ids, writes one JSON log line per request, runs the in-process job runner and
 * shuts down gracefully on SIGTERM. Everything it prints, from the first line to a crash, is a JSON log line.
 */
import cluster from "node:cluster";
import { getHeapStatistics } from "node:v8";
import { randomUUID } from "node:crypto";
import { availableParallelism } from "node:os";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { Server as NetServer } from "node:net";
import next from "next";
import { assertProductionSecrets, isProduction } from "../lib/base/config/dev-secrets";
import { bootConfig, config, type Config } from "../lib/base/config/env";
import { enterRunMode } from "../lib/base/config/run-mode";
import { refuseUndeclaredPooler } from "../lib/base/db/pooler-detection";
import { assertEncryptionKeys } from "../lib/base/crypto/secret-box";
import { describeStartupError, StartupRefusal, startupRefusalLines } from "../lib/base/db/embedded-postgres-error";
import { ensureDatabase, type DatabaseHandle } from "../lib/base/db/ensure-database";
import { applyMigrations } from "../lib/base/db/migrations";
import { registryKeys } from "../lib/domain/payment-methods/registry-keys";
import { disconnectPrisma } from "../lib/base/db/prisma";
import { describeConnections, directDatabaseUrl } from "../lib/base/db/connection-settings";
import { assertWebhookSecrets } from "../lib/integrations/gateways/shared-secret";
import { refuseUnsupportedMethod } from "../lib/edge/http/method-not-allowed";
import { isUnservedThirdPartyKind } from "../lib/edge/http/unserved-kind";
import { hangUpWithoutCrash } from "../lib/edge/http/client-hang-up";
import { startInProcessRunner, type InProcessRunner } from "../lib/domain/jobs/in-process-runner";
import { inngestEnabled } from "../lib/domain/outbox/inngest-client";
import { handOversSettled } from "../lib/domain/third-party/hand-over-in-background";
import { PEER_ADDRESS_HEADER, REQUEST_TARGET_HEADER } from "../lib/base/net/client-ip";
import { logger } from "../lib/base/observability/logger";
import { trackConnections } from "../lib/domain/ops/connection-drain";
import { describeUnreadableSecrets, findUnreadableSecrets } from "../lib/domain/ops/unreadable-secrets";
import { runWithRequestContext, type RequestContext } from "../lib/base/observability/request-context";
import { routeLabel } from "../lib/base/observability/route-label";
import { routePattern } from "../lib/base/observability/route-pattern";
import { metrics, observeRequest } from "../lib/base/observability/metrics";
import { joinMetricsCluster } from "../lib/base/observability/cluster-metrics";
import {
  exitOnStartupFailure,
  exitOnStartupRefusal,
  exitOnUnhandledErrors,
} from "../lib/base/observability/crash-handlers";
import { beginRequestPhases, endRequestPhases, timePhaseOf } from "../lib/base/observability/request-phases";
import { startBenchProbes } from "../lib/base/observability/bench-window";
import { routeConsoleToLogger } from "../lib/base/observability/console-to-logger";
import {
  defaultWorkerCount,
  exitWithPrimary,
  PORT_UNAVAILABLE_EXIT_CODE,
  runClusterPrimary,
  workerReady,
} from "./server-cluster";
import { devHeapRestartDue, devRestartRatio, RESTART_EXIT_CODE } from "./dev-memory";
import { selfCalledRoutes, warmUpRoutes } from "./dev-warm-up";

// Before anything else runs: a crash is one JSON line and exit code 1, and nothing prints plain text.
exitOnUnhandledErrors();
routeConsoleToLogger();

const dev = process.argv.includes("--dev");
// The server outside `npm run dev` is production's (APP_ENV=development relaxes it, loudly); otherwise the mode is
// decided as every entry point decides it (lib/base/config/run-mode.ts).
if (!dev) (process.env as Record<string, string>).NODE_ENV = "production";
const mode = enterRunMode();

// Set from the configuration, read and checked once as main() begins (lib/base/config/env.ts).
let port = 3000;
let hostname: string | undefined;
let shutdownTimeoutMs = 25_000;
let workers = 1;

/**
 * The configuration, read once: secret files (NAME_FILE) resolved into the environment, every value checked
 * against the schema, production's refusals applied (a refusal is the start-up's fatal line, naming the variable).
 */
function configure(): Config {
  let config = bootConfig();
  // The logger chose its level when it was loaded, from NODE_ENV as this process inherited it (a test runner's
  // "test" quiets it to warnings): the server logs from info on, its Ready line included, unless LOG_LEVEL says.
  logger.level = config.LOG_LEVEL ?? "info";
  port = config.PORT ?? 3000;
  hostname = config.HOSTNAME;
  shutdownTimeoutMs = config.SHUTDOWN_TIMEOUT_MS ?? 25_000;
  // Worker processes sharing the port (node:cluster); development serves from one.
  workers = dev ? 1 : (config.WEB_CONCURRENCY ?? defaultWorkerCount(availableParallelism()));
  // For next-auth and Next, which read the environment themselves (a worker inherits both from the primary).
  // The console's origin defaults to the public one (production requires it, https).
  process.env.NEXTAUTH_URL ||= config.PUBLIC_BASE_URL || `http://localhost:${port}`;
  process.env.NEXT_TELEMETRY_DISABLED ||= "1";
  // Read again with those defaults, so that config() answers them too (the route handlers read NEXTAUTH_URL from it).
  config = bootConfig();
  return config;
}

const REQUEST_ID = /^[\w.-]{8,100}$/;
/**
 * How long a shutdown leaves an idle connection to its client: a proxy may have just taken it from its pool to send a
 * request. The shipped nginx closes its idle upstream connections after 4 s (deploy/nginx/nginx.conf), sooner than
 * this, and sooner than Node's own 5 s keep-alive timeout, so the proxy is always the side that closes them.
 */
const IDLE_GRACE_MS = 5_000;
const LINGER_MS = 5_000;

/**
 * A response sent before its request body was read to the end (a 413 over the body cap): what is still
 * coming is discarded, never buffered, for up to LINGER_MS, then the connection is closed. Closing at once
 * would reset it while the client is still sending, and its kernel could drop the 413 unread.
 */
function discardUnreadBody(req: IncomingMessage): void {
  if (req.complete || req.destroyed) return;
  // The route's reader stopped at the cap and holds the stream through a `readable` listener; drop it to flow.
  req.removeAllListeners("readable");
  req.on("data", () => {});
  req.resume();
  const timer = setTimeout(() => req.socket?.destroy(), LINGER_MS);
  timer.unref();
  req.once("end", () => clearTimeout(timer));
}

function prepare(req: IncomingMessage, res: ServerResponse): RequestContext {
  // Overwrite whatever the client sent: only the socket knows who is connected.
  req.headers[PEER_ADDRESS_HEADER] = req.socket.remoteAddress ?? "";
  req.headers[REQUEST_TARGET_HEADER] = req.url ?? "";
  const given = req.headers["x-request-id"];
  const requestId = typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
  req.headers["x-request-id"] = requestId;
  res.setHeader("x-request-id", requestId);
  // `phases` only while the bench measures them (BENCH_PHASES=1; lib/base/observability/request-phases.ts).
  return { requestId, route: routeLabel(req.url), phases: beginRequestPhases() };
}

function logRequest(req: IncomingMessage, res: ServerResponse, context: RequestContext, started: number): void {
  const seconds = (performance.now() - started) / 1000;
  const { phases } = context;
  const pattern = routePattern(req.url);
  timePhaseOf(phases, "request metrics", () => observeRequest(pattern, req.method, res.statusCode, seconds));
  if (!context.route?.startsWith("/_next/")) {
    timePhaseOf(phases, "log line", () =>
      logger.info(
        {
          request_id: context.requestId,
          method: req.method,
          route: context.route,
          status: res.statusCode,
          duration_ms: Math.round(seconds * 1000),
          api_key_id: context.apiKeyId,
        },
        "request",
      ),
    );
  }
  endRequestPhases(phases, pattern);
}

/** APP_ENV=development relaxes production's rules (generated keys, derived webhook secrets, the sandbox): say so loudly. */
function warnIfDevelopmentKeysInProduction(config: Config): void {
  if (dev || config.APP_ENV !== "development") return;
  logger.warn(
    { app_env: "development", node_env: "production" },
    "WARNING: APP_ENV=development under NODE_ENV=production. This server uses generated development keys, derived webhook secrets, the sandbox and plain-http or private callback targets. Never run it like this with real money or customer data: unset APP_ENV and set the production secrets (README, Production notes).",
  );
}

/**
 * Every stored secret must open with this server's keyring: a key removed before `secrets:reencrypt` moved
 * everything off it would otherwise surface as card returns answering 500 and refunds failing, one payment
 * at a time. Production refuses to start, naming each (table, id) in one JSON line; elsewhere it warns, and
 * /api/ready reports them either way.
 */
async function checkStoredSecrets(): Promise<void> {
  const unreadable = await findUnreadableSecrets();
  await disconnectPrisma();
  if (unreadable.length === 0) return;
  const refuse = isProduction();
  logger.error(
    { unreadable_secrets: describeUnreadableSecrets(unreadable) },
    `${unreadable.length} stored secret(s) are sealed under encryption keys missing from APP_ENCRYPTION_KEYS/APP_ENCRYPTION_KEY${refuse ? ": refusing to start" : ""}. Put the old key back in the ring, run secrets:reencrypt, then remove it (docs/deploy.md, "Rotating the encryption key").`,
  );
  if (refuse)
    throw new StartupRefusal(
      `Refusing to start: ${unreadable.length} stored secret(s) cannot be opened with the configured encryption keys (see the unreadable_secrets log line).`,
    );
}

const localOrigin = () =>
  `http://${hostname && hostname !== "0.0.0.0" && hostname !== "::" ? hostname : "localhost"}:${port}`;
const readyLine = () => `Ready on ${localOrigin()} (${dev ? "development" : "production"})`;
const announceReady = (count: number) =>
  logger.info(
    { port, workers: count, mode: dev ? "development" : "production" },
    count > 1 ? `${readyLine()}, ${count} workers` : readyLine(),
  );

async function main() {
  if (dev && mode === "production")
    throw new StartupRefusal(
      "npm run dev runs on the embedded development database, and DATABASE_URL names another: unset it, or set " +
        "APP_ENV=development to develop against that database (never a production one).",
    );
  const env = configure();
  if (cluster.isWorker) {
    // The primary owns the database and its migrations; a worker serves, and dies with the primary.
    exitWithPrimary();
    // A scrape that reaches this worker is answered for the whole instance (the primary sums the workers').
    joinMetricsCluster(() => metrics().registry);
    return serve({ url: env.DATABASE_URL!, embedded: null });
  }
  warnIfDevelopmentKeysInProduction(env);
  assertProductionSecrets();
  assertEncryptionKeys();
  assertWebhookSecrets();
  // Refuses a DATABASE_POOLER or DATABASE_POOL_MAX it cannot use before anything starts.
  const databaseConnections = describeConnections();
  // A server owns the embedded cluster it runs on: it adopts one whose previous server died without stopping it.
  const database = await ensureDatabase((line) => logger.info(line), { adopt: true });
  // A transaction pooler behind DATABASE_URL that nobody declared would take the migrations' lock and LISTEN.
  await refuseUndeclaredPooler();
  logger.info(databaseConnections, "database connections");
  // Migrations take a session advisory lock: on the direct connection, never through a transaction pooler.
  const applied = await applyMigrations(directDatabaseUrl() ?? database.url, registryKeys());
  if (applied.length) logger.info({ migrations: applied }, "applied migrations");
  if (dev) {
    const { seedDemo } = await import("../prisma/seed");
    await seedDemo({ log: (line) => logger.info(line), print: (text) => process.stdout.write(`${text}\n`), port });
  }
  await checkStoredSecrets();
  // Development serves from one worker under this primary too, so the worker can restart when Next's memory
  // nears the heap limit (scripts/dev-memory.ts) while this process keeps the database running.
  if (workers > 1 || dev)
    return runClusterPrimary({ workers, database, port, shutdownTimeoutMs, announce: () => announceReady(workers) });
  return serve(database);
}

async function serve(database: DatabaseHandle) {
  const httpServer = createServer();
  // Turbopack watches the whole project tree, so the embedded database writing under .data/ would rebuild
  // and reload pages in a loop; webpack watches only the module graph.
  const app = next({ dev, hostname: hostname ?? "localhost", port, httpServer, webpack: dev });
  await app.prepare();
  const handle = app.getRequestHandler();
  startBenchProbes();
  const connections = trackConnections(httpServer);
  let shuttingDown = false;
  const restartRatio = devRestartRatio();

  httpServer.on("request", (req, res) => {
    // While it drains, the server serves what still arrives on its open connections (a proxy's pooled connection
    // may already carry a request; a 503 to a POST would reach the customer, as a proxy does not send a POST
    // again): each such answer closes its connection (lib/domain/ops/connection-drain.ts).
    const started = performance.now();
    // A client that hangs up before its answer is no uncaught exception (lib/edge/http/client-hang-up.ts).
    hangUpWithoutCrash(req);
    const context = prepare(req, res);
    connections.begin(req, res);
    res.once("close", () => {
      logRequest(req, res, context, started);
      if (!dev || shuttingDown) return;
      const heap = getHeapStatistics();
      if (devHeapRestartDue(heap, restartRatio)) {
        logger.warn(
          { heap_used_mb: Math.round(heap.used_heap_size / 2 ** 20) },
          "the development server is near its heap limit: restarting it (its requests finish first)",
        );
        void shutdown("memory");
      }
    });
    res.once("finish", () => discardUnreadBody(req));
    // Before Next: it throws on TRACE and answers other unsupported methods without Allow or a JSON body.
    if (refuseUnsupportedMethod(req, res)) return;
    // third-party/[kind] serves only the kinds with contracts; any other kind is Next's 404, as an unknown path.
    if (isUnservedThirdPartyKind(req)) return runWithRequestContext(context, () => void app.render404(req, res));
    runWithRequestContext(context, () => void handle(req, res));
  });
  await listenOrRefuse(httpServer);
  // Without Inngest configured, callbacks and expiries run in this process (decisions §6).
  const inProcessJobs = !inngestEnabled() && config().JOB_RUNNER !== "off";
  let runner: InProcessRunner | null = null;
  const startJobs = () => {
    if (inProcessJobs && !shuttingDown)
      runner = startInProcessRunner({ log: (line) => logger.error(JSON.parse(line), "job runner") });
    logger.info({ jobs: runner ? "in-process" : inngestEnabled() ? "inngest" : "off" }, "background jobs");
  };
  // In development the jobs wait until the routes they call have compiled (scripts/dev-warm-up.ts).
  const jobsStarted = dev && inProcessJobs ? warmUpThenStart(startJobs) : Promise.resolve(startJobs());
  if (cluster.isWorker) workerReady();
  else announceReady(1);

  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, "shutting down: no new connections or requests, finishing those in flight");
    // Stop accepting connections without http.Server#close(), which destroys idle keep-alive sockets at
    // once, possibly before a response already written to them has been flushed.
    NetServer.prototype.close.call(httpServer);
    // Requests in flight finish and their responses are flushed before each connection is closed; an idle one is
    // left to its client (a proxy closes its pooled connections sooner) for IDLE_GRACE_MS first.
    if (!(await connections.drain(shutdownTimeoutMs, IDLE_GRACE_MS)))
      logger.warn("shutdown timeout: closing the remaining connections");
    // Withdrawals created by those requests finish their hand-over to the gateway (else the runner's 30 s rule).
    await handOversSettled().catch(() => {});
    // The runner finishes the deliveries it has claimed and records them; the rest stay due in the outbox.
    await jobsStarted;
    await runner?.stop();
    connections.destroyAll();
    await app.close().catch(() => {});
    await disconnectPrisma().catch(() => {});
    await database.embedded?.stop().catch(() => {});
    logger.info("stopped");
    process.exit(signal === "memory" ? RESTART_EXIT_CODE : 0);
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));
}

/** A port this server cannot listen on: the start is refused with one line, and no worker is started again. */
class PortUnavailable extends StartupRefusal {}

async function listenOrRefuse(httpServer: ReturnType<typeof createServer>): Promise<void> {
  try {
    await new Promise<void>((resolve, reject) => {
      httpServer.once("error", reject);
      httpServer.listen(port, hostname, () => {
        httpServer.off("error", reject);
        resolve();
      });
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "EADDRINUSE" && code !== "EACCES") throw error;
    const where = `${hostname ?? "every address"}:${port}`;
    throw new PortUnavailable(
      code === "EADDRINUSE"
        ? `PORT ${port} is in use on ${where} by another process: stop it, or set PORT to a free port.`
        : `PORT ${port} on ${where} may not be opened by this user: use a port above 1023, or set PORT.`,
    );
  }
}

/** Compiles the routes the jobs call (each asked once, all at once), then starts the jobs. */
async function warmUpThenStart(startJobs: () => void): Promise<void> {
  const routes = selfCalledRoutes();
  logger.info({ routes: routes.length }, "compiling the routes the background jobs call before starting them");
  const started = performance.now();
  const results = await warmUpRoutes(localOrigin(), routes);
  const failed = results.filter((r) => r.status === null || r.status >= 500);
  if (failed.length)
    logger.warn({ failed }, "some routes the background jobs call did not answer; the jobs retry what fails");
  logger.info({ routes: routes.length, duration_ms: Math.round(performance.now() - started) }, "routes compiled");
  startJobs();
}

main().catch((error: unknown) => {
  const refused = startupRefusalLines(error);
  // A worker that cannot listen tells its primary, which says it once for every worker and starts none again
  // (scripts/server-cluster.ts).
  if (error instanceof PortUnavailable && cluster.isWorker && process.send)
    process.send({ portUnavailable: error.message }, () => process.exit(PORT_UNAVAILABLE_EXIT_CODE));
  else if (refused) exitOnStartupRefusal(refused, error instanceof PortUnavailable ? PORT_UNAVAILABLE_EXIT_CODE : 1);
  else exitOnStartupFailure(describeStartupError(error).split("\n")[0]!, error);
});
