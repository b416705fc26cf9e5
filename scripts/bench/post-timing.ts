/**
 * Times every outgoing `node:http` request of this process from its start to the end of its answer, for the
 * callback bench: what a sender waits for its POST (the receiver, and this process's own event loop getting
 * round to the answer). It wraps http.request for the while and makes the ES module binding follow
 * (syncBuiltinESMExports), since the callback sender imports `request` from node:http.
 */
import http from "node:http";
import { syncBuiltinESMExports } from "node:module";

export function timeHttpRequests(): { stop: () => { count: number; ms: number } } {
  const original = http.request;
  const timed = { count: 0, ms: 0 };
  const wrapped = ((...args: Parameters<typeof http.request>) => {
    const started = performance.now();
    const req = (original as (...a: unknown[]) => http.ClientRequest)(...args);
    req.once("response", (res) =>
      res.once("end", () => {
        timed.count++;
        timed.ms += performance.now() - started;
      }),
    );
    return req;
  }) as typeof http.request;
  http.request = wrapped;
  syncBuiltinESMExports();
  return {
    stop: () => {
      http.request = original;
      syncBuiltinESMExports();
      return timed;
    },
  };
}
