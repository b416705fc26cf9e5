import { request } from "node:http";
import { assertDocumentedResponse } from "./openapi-conformance";

export type HttpResult = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: Record<string, unknown>;
};

/**
 * A real HTTP request over a socket; `localAddress` picks the source IP (127.0.0.x) the server sees.
 * Responses of /api/provider and /api/dealer must match the OpenAPI document, or the request fails (unless
 * `checkResponse` is false, for a caller that collects such findings itself).
 */
export function httpRequest(
  options: {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    /** Text, or bytes sent exactly as given (a body that is not UTF-8). */
    body?: string | Buffer;
    localAddress?: string;
    checkResponse?: boolean;
    /** Gives the request up (rejects) after this long without an answer. */
    timeoutMs?: number;
    /** On a connection of its own, never one the agent kept open from an earlier request. */
    newConnection?: boolean;
    /** The request-target sent as written (escapes and all), instead of `url`'s path and query as URL spells them. */
    target?: string;
  },
  attempt = 1,
): Promise<HttpResult> {
  return new Promise((resolve, reject) => {
    const url = new URL(options.url);
    const req = request(
      {
        hostname: url.hostname,
        port: url.port,
        path: options.target ?? url.pathname + url.search,
        method: options.method ?? "POST",
        // A body is always framed: Node sends DELETE's and TRACE's unframed otherwise, and the bytes would be read as the next request.
        headers:
          options.body === undefined
            ? options.headers
            : { "content-length": String(Buffer.byteLength(options.body)), ...options.headers },
        localAddress: options.localAddress,
        ...(options.newConnection ? { agent: false } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        // An answer cut off after its headers (the server killed mid-body, a proxy closing on it) ends the
        // response without 'end'; Node emits its 'error' only to a listener, so without these the promise
        // would never settle and the caller would wait forever on an answer that is gone.
        res.on("error", reject);
        res.on("close", () => {
          if (!res.complete)
            reject(
              new Error(
                `the connection closed before the whole answer arrived (HTTP ${res.statusCode ?? 0}, ${chunks.length} chunks)`,
              ),
            );
        });
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let json: Record<string, unknown> = {};
          try {
            json = JSON.parse(text) as Record<string, unknown>;
          } catch {
            // Not JSON; callers that care look at text.
          }
          try {
            if (options.checkResponse !== false)
              assertDocumentedResponse(options.method ?? "POST", options.url, res.statusCode ?? 0, text);
          } catch (error) {
            return reject(error as Error);
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
      },
    );
    if (options.timeoutMs)
      req.setTimeout(options.timeoutMs, () => req.destroy(new Error(`no answer within ${options.timeoutMs} ms`)));
    req.on("error", (error: NodeJS.ErrnoException) => {
      // A kept-alive socket the server closed while this process was busy (a synchronous CLI run, say) fails
      // the next request before any byte of it reached the server; Node's documentation advises sending it
      // again on a new socket. Anything else is the test's failure.
      if (attempt === 1 && req.reusedSocket && error.code === "ECONNRESET") return resolve(httpRequest(options, 2));
      reject(error);
    });
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}
