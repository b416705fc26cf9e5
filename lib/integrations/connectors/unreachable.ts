import { describeFetchFailure } from "@/lib/base/net/fetch-failure";
import { PartnerCallError } from "./ports";

/**
 * A call that got no answer (worth sending again), saying where it went and why: "EST API could not be
 * reached at pos.example:443: the connection was refused (…)", never only "unreachable".
 */
export function unreachable(partner: string, error: unknown, url: string, timeoutMs?: number): PartnerCallError {
  const failure = describeFetchFailure(error, url, timeoutMs);
  return new PartnerCallError({
    kind: "retry",
    reason: `${partner} ${failure.cause === "timeout" ? "did not answer" : "could not be reached"} at ${failure.text}`,
  });
}
