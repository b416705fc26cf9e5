import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";

/**
 * Tracks connections and the requests on them so a shutdown can close each connection gracefully once it
 * has no request in flight: `end()` flushes what was written (a response already committed reaches its
 * client), where destroying an idle keep-alive socket can drop a response still being sent.
 */
export function trackConnections(server: Server) {
  const sockets = new Set<Socket>();
  const active = new Map<Socket, number>();
  const responses = new Set<ServerResponse>();
  let draining = false;

  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.once("close", () => {
      sockets.delete(socket);
      active.delete(socket);
    });
  });

  const endIfIdle = (socket: Socket) => {
    if (draining && !active.get(socket)) socket.end();
  };

  return {
    /** Counts a request on its connection until its response is done. */
    begin(req: IncomingMessage, res: ServerResponse) {
      const socket = req.socket;
      active.set(socket, (active.get(socket) ?? 0) + 1);
      responses.add(res);
      if (draining && !res.headersSent) res.shouldKeepAlive = false;
      res.once("close", () => {
        responses.delete(res);
        active.set(socket, (active.get(socket) ?? 1) - 1);
        endIfIdle(socket);
      });
    },
    /**
     * Stops keep-alive for responses still to come (each request that still arrives is served and closes its
     * connection) and closes a connection once it has nothing in flight: at once when it carried a request since,
     * else after `idleGraceMs`, left to its client until then (closing an idle connection can cross a request a proxy
     * just sent on it, which the proxy would answer 502). Resolves when all are gone, false at the deadline.
     */
    async drain(timeoutMs: number, idleGraceMs = 0): Promise<boolean> {
      draining = true;
      for (const res of responses) if (!res.headersSent) res.shouldKeepAlive = false;
      const graceEnds = Date.now() + idleGraceMs;
      const deadline = Date.now() + timeoutMs;
      let idleClosed = idleGraceMs <= 0;
      if (idleClosed) for (const socket of sockets) endIfIdle(socket);
      while (sockets.size > 0 && Date.now() < deadline) {
        if (!idleClosed && Date.now() >= graceEnds) {
          idleClosed = true;
          for (const socket of sockets) endIfIdle(socket);
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return sockets.size === 0;
    },
    destroyAll() {
      for (const socket of sockets) socket.destroy();
    },
  };
}
