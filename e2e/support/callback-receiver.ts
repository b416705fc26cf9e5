import { createHash } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";

export type ReceivedCallback = { headers: IncomingHttpHeaders; raw: string; body: Record<string, unknown>; at: number };
type Reply = { status: number; body?: string; delayMs?: number } | "hang" | "drop";

/**
 * A provider's callback endpoint on 127.0.0.1, scripted per request: answer with a status (after a
 * delay, if given), hang, or drop the connection. It records everything it receives.
 */
export async function startCallbackReceiver(
  reply: (n: number, req: ReceivedCallback) => Reply = () => ({ status: 200, body: "OK" }),
) {
  const received: ReceivedCallback[] = [];
  const waiters: (() => void)[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        // Recorded as raw only.
      }
      const entry = { headers: req.headers, raw, body, at: Date.now() };
      received.push(entry);
      waiters.splice(0).forEach((w) => w());
      const answer = reply(received.length, entry);
      if (answer === "hang") return;
      if (answer === "drop") return req.socket.destroy();
      const send = () => res.writeHead(answer.status, { "content-type": "text/plain" }).end(answer.body ?? "");
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/callbacks`,
    received,
    async waitFor(count: number, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} callbacks, got ${received.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
      return received;
    },
    /** The callbacks for one tracking code, once `count` of them have arrived. */
    async forTrackingCode(trackingCode: string, count = 1, timeoutMs = 40_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const matching = received.filter((c) => c.body.tracking_code === trackingCode);
        if (matching.length >= count) return matching;
        if (Date.now() > deadline)
          throw new Error(`expected ${count} callbacks for ${trackingCode}, got ${matching.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Verification as a receiver written from provider-api.md alone would do it: recompute
 * SHA-256(api_key + secret_key + tracking_code + status + timestamp) and compare with X-Hash.
 */
export function verifyAsReceiver(callback: ReceivedCallback, apiKey: string, secretKey: string): boolean {
  const timestamp = String(callback.headers["x-timestamp"]);
  const expected = createHash("sha256")
    .update(`${apiKey}${secretKey}${String(callback.body.tracking_code)}${String(callback.body.status)}${timestamp}`)
    .digest("hex");
  return (
    callback.headers["x-api-key"] === apiKey &&
    callback.headers["x-hash"] === expected &&
    callback.body.hash === expected &&
    callback.body.timestamp === Number(timestamp)
  );
}
