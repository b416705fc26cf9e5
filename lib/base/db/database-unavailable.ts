/**
 * Whether an error means the database cannot be used right now (down, restarting, unreachable, out of
 * connections), as opposed to a bug or a bad query. Prisma wraps driver errors several layers deep
 * (PrismaClientKnownRequestError -> meta.driverAdapterError -> cause), and pg's own connection errors
 * surface unwrapped, so every layer is looked at.
 */
const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);
const ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);
// admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections; class 08 is connection_exception.
const POSTGRES_CODES = new Set(["57P01", "57P02", "57P03", "53300"]);
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND"]);
const MESSAGES = new RegExp(
  [
    "can't reach database server",
    "connection terminated",
    "connection error and is not queryable",
    "timeout exceeded when trying to connect",
    "server closed the connection",
    "terminating connection due to administrator command",
    "the database system is (starting up|shutting down|in recovery mode)",
  ].join("|"),
  "i",
);

type Layer = {
  code?: unknown;
  kind?: unknown;
  message?: unknown;
  meta?: { driverAdapterError?: unknown };
  cause?: unknown;
};

function layers(error: unknown): Layer[] {
  const found: Layer[] = [];
  const queue = [error];
  while (queue.length && found.length < 10) {
    const next = queue.shift();
    if (!next || typeof next !== "object") continue;
    const layer = next as Layer;
    found.push(layer);
    queue.push(layer.meta?.driverAdapterError, layer.cause);
  }
  return found;
}

export function isDatabaseUnavailable(error: unknown): boolean {
  return layers(error).some((layer) => {
    const code = typeof layer.code === "string" ? layer.code : "";
    return (
      PRISMA_CODES.has(code) ||
      POSTGRES_CODES.has(code) ||
      code.startsWith("08") ||
      SOCKET_CODES.has(code) ||
      (typeof layer.kind === "string" && ADAPTER_KINDS.has(layer.kind)) ||
      (typeof layer.message === "string" && MESSAGES.test(layer.message))
    );
  });
}
