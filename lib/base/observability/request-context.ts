import { AsyncLocalStorage } from "node:async_hooks";
import type { RequestPhases } from "./request-phases";

/**
 * What the request log line says about a request beyond method, path and status, and, while the bench
 * measures them (BENCH_PHASES=1), where its time goes.
 */
export type RequestContext = { requestId: string; apiKeyId?: string; route?: string; phases?: RequestPhases };

// scripts/server.ts (loaded by tsx) and route handlers (bundled by Next) are separate module instances in
// one process: the store lives on globalThis so both see the same context.
const key = Symbol.for("pis.request-context");
const holder = globalThis as { [key]?: AsyncLocalStorage<RequestContext> };
const storage: AsyncLocalStorage<RequestContext> = (holder[key] ??= new AsyncLocalStorage<RequestContext>());

export function runWithRequestContext<T>(context: RequestContext, work: () => T): T {
  return storage.run(context, work);
}

export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}

/** Names the authenticated caller (provider:12, dealer:3) on the request log line, never a key itself. */
export function noteApiCaller(apiKeyId: string): void {
  const context = storage.getStore();
  if (context) context.apiKeyId = apiKeyId;
}
