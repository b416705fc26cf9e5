import { logger } from "@/lib/base/observability/logger";
import { submitWithdrawalToGateway } from "./submit-withdrawal-to-gateway";

// Hand-overs still running: awaited by a server that is shutting down (and by tests), never by a request.
const holder = globalThis as unknown as { pisHandOvers?: Set<Promise<unknown>> };
const running = (holder.pisHandOvers ??= new Set());

/**
 * A new third-party withdrawal goes to its gateway as soon as its create has committed, but after the
 * provider's answer: the answer says "showing" either way, and a slow or unreachable gateway must not hold
 * the provider's request open for the gateway's whole timeout (nor keep this process's event loop busy
 * with a partner's round trip while other requests wait). The hand-over claims the withdrawal first
 * (showing -> processing, guarded by the lifecycle), so it is sent at most once; should this process stop
 * before it runs, the job runner hands over every withdrawal left showing for 30 s
 * (resubmitUnsentWithdrawals), as it does when a gateway could not be called.
 */
export function handOverInBackground(id: number): void {
  const work: Promise<unknown> = submitWithdrawalToGateway(id)
    .catch((error: unknown) =>
      logger.warn(
        { transaction_id: id, err: String(error) },
        "gateway hand-over failed; the job runner will hand it over",
      ),
    )
    .finally(() => running.delete(work));
  running.add(work);
}

/** Resolves once every hand-over started so far has finished. */
export async function handOversSettled(): Promise<void> {
  while (running.size) await Promise.all([...running]);
}
