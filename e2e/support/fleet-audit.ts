import { readFileSync } from "node:fs";
import type { NginxLogEntry } from "./nginx";

/** One request line of a server's log (scripts/server.ts writes one per request, with the request id it was given). */
export type RequestLine = { requestId: string; method: string; route: string; status: number };

export function requestLines(output: string): RequestLine[] {
  return output
    .split("\n")
    .filter((line) => line.startsWith("{") && line.includes('"msg":"request"'))
    .map((line) => {
      const e = JSON.parse(line) as { request_id: string; method: string; route: string; status: number };
      return { requestId: e.request_id, method: e.method, route: e.route, status: e.status };
    });
}

/** Whether a process is running: a zombie waiting to be reaped is not. */
export function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
}

/**
 * What the proxy's access log says about the requests around a replica's death:
 *  - `cutOff`: sent to the replica that died (bytes reached it) and answered 502 by nginx, never sent again;
 *  - `passedOn`: tried at a replica that refused the connection (nothing sent), then served by another;
 *  - `resent`: sent to one replica (bytes reached it) and then to another, which the proxy must never do;
 *  - `failed`: any other 5xx (a replica's own error, or no replica to be had);
 *  - `servedBy`: requests answered by each replica, by address.
 */
export function proxyAudit(entries: NginxLogEntry[], killed: string) {
  const servedBy: Record<string, number> = {};
  for (const e of entries) {
    const last = e.tries.at(-1);
    if (last && last.status !== "502") servedBy[last.addr] = (servedBy[last.addr] ?? 0) + 1;
  }
  const cutOff = entries.filter(
    (e) => e.tries.length === 1 && e.tries[0]!.addr === killed && e.status === 502 && e.tries[0]!.bytesSent > 0,
  );
  return {
    requests: entries.length,
    servedBy,
    cutOff,
    passedOn: entries.filter((e) => e.tries.length > 1 && e.tries.slice(0, -1).every((t) => t.bytesSent === 0)),
    resent: entries.filter((e) => e.tries.slice(0, -1).some((t) => t.bytesSent > 0)),
    // Any other 5xx: a replica's own error, or nginx finding no replica at all.
    failed: entries.filter((e) => e.status >= 500 && !cutOff.includes(e)),
  };
}

/** Request ids that appear in more than one replica's log, or twice in one: a request that ran twice. */
export function ranTwice(logs: RequestLine[][]): string[] {
  const seen = new Map<string, number>();
  for (const line of logs.flat()) seen.set(line.requestId, (seen.get(line.requestId) ?? 0) + 1);
  return [...seen].filter(([, n]) => n > 1).map(([id]) => id);
}
