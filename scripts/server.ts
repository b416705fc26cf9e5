/**
 * Runs Next behind a plain Node HTTP server so route handlers can see the TCP peer address (the IP
 * whitelist must not trust client-sent headers). `npm run dev` and `npm start` both go through here.
 */
import { createServer, type IncomingMessage } from "node:http";
import next from "next";
import { assertProductionSecrets } from "../lib/config/dev-secrets";
import { ensureDatabase } from "../lib/db/ensure-database";
import { applyMigrations } from "../lib/db/migrations";
import { startInProcessRunner, type InProcessRunner } from "../lib/jobs/in-process-runner";
import { inngestEnabled } from "../lib/jobs/inngest-client";
import { PEER_ADDRESS_HEADER } from "../lib/net/client-ip";

const dev = process.argv.includes("--dev");
if (!dev) (process.env as Record<string, string>).NODE_ENV = "production";
const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOSTNAME || undefined;
process.env.NEXTAUTH_URL ||= `http://localhost:${port}`;
process.env.NEXT_TELEMETRY_DISABLED ||= "1";

function stampPeerAddress(req: IncomingMessage): void {
  // Overwrite whatever the client sent: only the socket knows who is connected.
  req.headers[PEER_ADDRESS_HEADER] = req.socket.remoteAddress ?? "";
}

async function main() {
  assertProductionSecrets();
  const database = await ensureDatabase();
  const applied = await applyMigrations(database.url);
  if (applied.length) console.log(`Applied migrations: ${applied.join(", ")}`);
  if (dev) {
    const { seedDemo } = await import("../prisma/seed");
    await seedDemo({ log: console.log, port });
  }

  const httpServer = createServer();
  const app = next({ dev, hostname: hostname ?? "localhost", port, httpServer });
  await app.prepare();
  const handle = app.getRequestHandler();
  httpServer.on("request", (req, res) => {
    stampPeerAddress(req);
    void handle(req, res);
  });
  await new Promise<void>((resolve) => httpServer.listen(port, hostname, resolve));
  // Without Inngest configured, callbacks and expiries run in this process (decisions §6).
  const runner: InProcessRunner | null =
    inngestEnabled() || process.env.JOB_RUNNER === "off" ? null : startInProcessRunner({ log: (line) => console.error(line) });
  console.log(runner ? "Background jobs: in-process runner" : inngestEnabled() ? "Background jobs: Inngest (/api/inngest)" : "Background jobs: off (JOB_RUNNER=off)");
  console.log(`Ready on http://${hostname && hostname !== "0.0.0.0" && hostname !== "::" ? hostname : "localhost"}:${port} (${dev ? "development" : "production"})`);

  const shutdown = async (signal: string) => {
    console.log(`${signal} received: closing`);
    httpServer.close();
    httpServer.closeIdleConnections();
    await runner?.stop();
    await app.close().catch(() => {});
    await database.embedded?.stop().catch(() => {});
    process.exit(0);
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
