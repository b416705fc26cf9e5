import type { IncomingMessage } from "node:http";
import { isClientAbort } from "@/lib/base/observability/crash-handlers";

/**
 * When a client hangs up before its request is answered, Node destroys the request with an "aborted"
 * ECONNRESET error, emitted to the request's 'error' listeners. Next, when the proxy runs, replaces the
 * request's stream methods with those of a buffered copy of the body that nobody listens to, so that error
 * became an uncaught exception (a job's call that timed out while its route compiled, or any client giving
 * up). This keeps the error where someone listens for it and otherwise destroys the request without one:
 * its 'close' and 'aborted' events, which Next watches, still come.
 */
export function hangUpWithoutCrash(req: IncomingMessage): void {
  let destroy = req.destroy;
  Object.defineProperty(req, "destroy", {
    configurable: true,
    enumerable: true,
    get: () => (error?: Error) =>
      destroy.call(req, isClientAbort(error) && req.listenerCount("error") === 0 ? undefined : error),
    set: (replacement: typeof req.destroy) => {
      destroy = replacement;
    },
  });
}
