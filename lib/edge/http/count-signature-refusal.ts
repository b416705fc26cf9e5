import {
  countSignatureFailure,
  type SignatureReason,
  type SignatureSource,
} from "@/lib/base/observability/business-metrics";

/**
 * The 401 refusals that are about a signature, hash or key (the contract's error texts), not a missing header or an
 * unknown account.
 */
const REASONS: Record<string, SignatureReason> = {
  "Invalid hash": "invalid_hash",
  "Invalid signature": "invalid_signature",
  "Invalid verification key": "invalid_verification_key",
  "Signature required": "signature_required",
};

/** Who sent it, by where it came in: a few fixed sources, never the caller itself. */
const SOURCES: [prefix: string, source: SignatureSource][] = [
  ["/api/provider/", "provider_api"],
  ["/api/dealer/", "dealer_api"],
  ["/api/webhooks/bank", "bank_webhook"],
  ["/api/webhooks/gateways/", "gateway_webhook"],
  ["/api/webhooks/acquirer", "acquirer_webhook"],
  ["/sandbox/", "sandbox"],
];

/**
 * Counts a refusal answered by withApiErrors in signature_failures_total when it is one: every route that
 * checks a signature answers its refusal there, so this one place sees them all (the card acquirers' own
 * answers are counted by their receiver, lib/domain/cards/receive-acquirer-message.ts).
 */
export function countSignatureRefusal(pathname: string, status: number, body: unknown): void {
  if (status !== 401) return;
  const reason = REASONS[String((body as { error?: unknown } | null)?.error)];
  if (!reason) return;
  countSignatureFailure(SOURCES.find(([prefix]) => pathname.startsWith(prefix))?.[1] ?? "other", reason);
}
