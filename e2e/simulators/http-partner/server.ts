import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";

export type SimulatedAnswer = { status: number; body?: unknown; headers?: Record<string, string>; delayMs?: number };
export type ReceivedCall = { n: number; path: string; body: Record<string, unknown>; signature: string | undefined };

/**
 * A partner speaking the http-partner protocol on 127.0.0.1, answering each call as the test scripts it
 * (a slow acceptance, a 429, a 409, ...), recording what it received, and sending signed notifications.
 */
export async function startPartnerSimulator(secret: string, answer: (call: ReceivedCall) => SimulatedAnswer) {
  const calls: ReceivedCall[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const call: ReceivedCall = { n: calls.length + 1, path: req.url ?? "", body: raw ? (JSON.parse(raw) as Record<string, unknown>) : {}, signature: req.headers["x-gateway-signature"] as string | undefined };
      calls.push(call);
      const a = answer(call);
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(a.status, { "content-type": "application/json", ...a.headers });
        res.end(JSON.stringify(a.body ?? {}));
      }, a.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    signs: (raw: string) => createHmac("sha256", secret).update(raw).digest("hex"),
    /** A signed notification to the notify URL an order carried, as the partner sends it. */
    notify: async (notifyUrl: string, body: Record<string, unknown>, signingSecret = secret) => {
      const raw = JSON.stringify(body);
      const res = await fetch(notifyUrl, { method: "POST", headers: { "content-type": "application/json", "x-gateway-signature": createHmac("sha256", signingSecret).update(raw).digest("hex") }, body: raw });
      return { status: res.status, json: (await res.json().catch(() => ({}))) as Record<string, unknown> };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
