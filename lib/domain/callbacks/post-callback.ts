import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import { isPrivateAddress } from "@/lib/base/net/private-address";
import { callbackUrlProblem, privateTargetsAllowed } from "@/lib/base/net/callback-url-policy";

export const CALLBACK_TIMEOUT_MS = 10_000;
const EXCERPT_BYTES = 2048;

export type PostResult = { statusCode: number | null; body: string; error: string | null; durationMs: number };

/**
 * Resolves through this lookup so the address checked is the address connected to (no DNS rebinding
 * between a check and the connection).
 */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, "", 0);
    const allowed = addresses.filter((a) => !isPrivateAddress(a.address));
    if (allowed.length === 0) {
      return callback(
        Object.assign(new Error(`refused: ${hostname} resolves only to addresses that are not public`), {
          code: "EPRIVATE",
        }),
        "",
        0,
      );
    }
    if ((options as { all?: boolean }).all)
      return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, allowed);
    callback(null, allowed[0]!.address, allowed[0]!.family);
  });
};

/** POSTs a callback with a 10 s deadline for the whole exchange; keeps the first 2 KiB of the answer. */
export function postCallback(url: string, headers: Record<string, string>, body: string): Promise<PostResult> {
  const started = Date.now();
  const done = (statusCode: number | null, text: string, error: string | null): PostResult => ({
    statusCode,
    body: text,
    error,
    durationMs: Date.now() - started,
  });
  let target: URL;
  try {
    target = new URL(url);
    if (target.protocol !== "http:" && target.protocol !== "https:") throw new Error("not http(s)");
  } catch {
    return Promise.resolve(done(null, "", url ? `invalid callback URL: ${url}` : "no callback URL is configured"));
  }
  const send = target.protocol === "https:" ? httpsRequest : httpRequest;
  // IP literals never go through `lookup`, so they are checked here (with the https rule of production).
  const problem = callbackUrlProblem(target);
  if (problem) return Promise.resolve(done(null, "", `refused: the callback URL ${problem}`));
  const guard = privateTargetsAllowed() ? {} : { lookup: guardedLookup };
  return new Promise((resolve) => {
    const req = send(
      target,
      { method: "POST", headers: { ...headers, "content-length": Buffer.byteLength(body).toString() }, ...guard },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          if (size < EXCERPT_BYTES) chunks.push(chunk);
          size += chunk.length;
        });
        res.on("end", () => {
          clearTimeout(timer);
          resolve(
            done(res.statusCode ?? null, Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString("utf8"), null),
          );
        });
        res.on("error", (error) => {
          clearTimeout(timer);
          resolve(done(res.statusCode ?? null, "", error.message));
        });
      },
    );
    const timer = setTimeout(
      () => req.destroy(new Error(`timed out after ${CALLBACK_TIMEOUT_MS / 1000} s`)),
      CALLBACK_TIMEOUT_MS,
    );
    req.on("error", (error) => {
      clearTimeout(timer);
      resolve(done(null, "", error.message));
    });
    req.end(body);
  });
}
