import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";

export type SimulatedAnswer = {
  status: number;
  /** The answer's JSON; `raw` sends these exact bytes instead (an unreadable answer). */
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
  delayMs?: number;
  /** How this answer is signed, when not as the simulator's options say. */
  signing?: SimulatorOptions["answerSigning"];
};
export type ReceivedCall = {
  n: number;
  method: string;
  path: string;
  body: Record<string, unknown>;
  raw: string;
  headers: Record<string, string>;
  version: "v1" | "v2";
  signature: string | undefined;
};
export type RefusedCall = {
  method: string;
  path: string;
  raw: string;
  headers: Record<string, string>;
  reason: string;
};

export type SimulatorOptions = {
  /** Version 1's header this partner kind uses: gateways x-gateway-signature (the default), the bank x-bank-signature. */
  v1Header?: "x-gateway-signature" | "x-bank-signature";
  /** Whether version 1 (the body's HMAC alone) is still accepted: the transition (default true). */
  acceptV1?: boolean;
  /** How answers are signed: version 2 over the request's nonce (default), version 1 over the body, not at all, or with another secret. */
  answerSigning?: "v2" | "v1" | "none" | { secret: string };
};

const WINDOW_SECONDS = 300;
const hmac = (secret: string, text: string) => createHmac("sha256", secret).update(text).digest("hex");
const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The text a version 2 request signature covers (docs/partner-protocol.md, "Signatures"). */
export function v2Text(method: string, path: string, timestamp: string, nonce: string, body: string): string {
  return ["v2", method.toUpperCase(), path, timestamp, nonce, body].join("\n");
}

/** Version 2 headers for a message to `url`, as a partner of the protocol sends them. */
export function v2Headers(
  secret: string,
  url: string,
  body: string,
  options: { method?: string; timestamp?: number; nonce?: string } = {},
): Record<string, string> {
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  const nonce = options.nonce ?? randomBytes(18).toString("base64url");
  const { pathname, search } = new URL(url);
  return {
    "x-partner-timestamp": timestamp,
    "x-partner-nonce": nonce,
    "x-partner-signature": `v2=${hmac(secret, v2Text(options.method ?? "POST", pathname + search, timestamp, nonce, body))}`,
  };
}

/**
 * A partner speaking the http-partner protocol on 127.0.0.1. It verifies every request as the protocol says
 * (version 2: the signature over method, path, timestamp, nonce and body, the timestamp within 5 minutes,
 * the nonce never seen before; version 1, the body's HMAC, while it is accepted) and answers a bad one 401
 * without running the script; it answers each good call as the test scripts it (a slow acceptance, a 429,
 * a 409, ...), signs its answers, records what it received, and sends signed notifications.
 */
export async function startPartnerSimulator(
  secret: string,
  answer: (call: ReceivedCall) => SimulatedAnswer,
  options: SimulatorOptions = {},
) {
  const v1Header = options.v1Header ?? "x-gateway-signature";
  const calls: ReceivedCall[] = [];
  const refused: RefusedCall[] = [];
  const nonces = new Map<string, number>();

  function verify(
    method: string,
    path: string,
    raw: string,
    headers: Record<string, string>,
  ): { version: "v1" | "v2"; nonce?: string } | string {
    const timestamp = headers["x-partner-timestamp"];
    const nonce = headers["x-partner-nonce"];
    const signature = headers["x-partner-signature"];
    if (timestamp !== undefined || nonce !== undefined || signature !== undefined) {
      if (
        !timestamp ||
        !/^\d{1,12}$/.test(timestamp) ||
        !nonce ||
        !/^[A-Za-z0-9_-]{16,64}$/.test(nonce) ||
        !signature?.startsWith("v2=")
      )
        return "malformed v2 headers";
      if (!same(`v2=${hmac(secret, v2Text(method, path, timestamp, nonce, raw))}`, signature.toLowerCase()))
        return "v2 signature does not match";
      const now = Date.now() / 1000;
      if (Math.abs(now - Number(timestamp)) > WINDOW_SECONDS) return "timestamp outside the window";
      for (const [seen, until] of nonces) if (until < now) nonces.delete(seen);
      if (nonces.has(nonce)) return "nonce seen before";
      nonces.set(nonce, Number(timestamp) + WINDOW_SECONDS);
      return { version: "v2", nonce };
    }
    if (options.acceptV1 === false) return "version 1 is no longer accepted";
    const v1 = headers[v1Header];
    if (!v1 || !same(hmac(secret, raw), v1.toLowerCase())) return "signature does not match";
    return { version: "v1" };
  }

  function answerHeaders(
    status: number,
    body: string,
    version: "v1" | "v2",
    nonce: string | undefined,
    signing = options.answerSigning ?? "v2",
  ): Record<string, string> {
    if (signing === "none") return {};
    if (signing === "v1" || version === "v1" || !nonce) return { [v1Header]: hmac(secret, body) };
    const key = typeof signing === "object" ? signing.secret : secret;
    return { "x-partner-signature": `v2=${hmac(key, ["v2-answer", nonce, String(status), body].join("\n"))}` };
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const method = req.method ?? "GET";
      const path = req.url ?? "";
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : String(v)]),
      );
      const check = verify(method, path, raw, headers);
      if (typeof check === "string") {
        refused.push({ method, path, raw, headers, reason: check });
        res.writeHead(401, { "content-type": "application/json" });
        res.end(JSON.stringify({ code: "INVALID_SIGNATURE", message: check }));
        return;
      }
      const call: ReceivedCall = {
        n: calls.length + 1,
        method,
        path,
        body: raw ? (JSON.parse(raw) as Record<string, unknown>) : {},
        raw,
        headers,
        version: check.version,
        signature: headers[v1Header],
      };
      calls.push(call);
      const a = answer(call);
      setTimeout(() => {
        if (res.destroyed) return;
        const body = a.raw ?? JSON.stringify(a.body ?? {});
        res.writeHead(a.status, {
          "content-type": "application/json",
          ...answerHeaders(a.status, body, check.version, check.nonce, a.signing),
          ...a.headers,
        });
        res.end(body);
      }, a.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;

  /** Posts raw bytes with the given headers: what a partner (or someone replaying it) sends. */
  async function post(url: string, raw: string, headers: Record<string, string>) {
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: raw,
    });
    return { status: res.status, json: (await res.json().catch(() => ({}))) as Record<string, unknown> };
  }

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    refused,
    signs: (raw: string) => hmac(secret, raw),
    post,
    /**
     * A signed notification to the notify URL an order carried, as the partner sends it: version 2 unless
     * asked for version 1; `headers` receives what was sent, so a test can send the same bytes again.
     */
    notify: async (
      notifyUrl: string,
      body: Record<string, unknown>,
      signingSecret = secret,
      sign: {
        version?: "v1" | "v2";
        timestamp?: number;
        sent?: (raw: string, headers: Record<string, string>) => void;
      } = {},
    ) => {
      const raw = JSON.stringify(body);
      const headers =
        sign.version === "v1"
          ? { [v1Header]: hmac(signingSecret, raw) }
          : v2Headers(signingSecret, notifyUrl, raw, { timestamp: sign.timestamp });
      sign.sent?.(raw, headers);
      return post(notifyUrl, raw, headers);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
