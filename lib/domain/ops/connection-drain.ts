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
    /** Stops keep-alive for responses still to come and closes idle connections; resolves when all are gone. */
    async drain(timeoutMs: number): Promise<boolean> {
      draining = true;
      for (const res of responses) if (!res.headersSent) res.shouldKeepAlive = false;
      for (const socket of sockets) endIfIdle(socket);
      const deadline = Date.now() + timeoutMs;
      while (sockets.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
      return sockets.size === 0;
    },
    destroyAll() {
      for (const socket of sockets) socket.destroy();
    },
  };
}
