import { createHash } from "node:crypto";
import type { Prisma } from "@/lib/generated/prisma/client";
import { DomainError } from "@/lib/base/errors/domain-error";
import { runWithClaim } from "@/lib/domain/idempotency/claim-context";
import { claimIdempotencyKey } from "@/lib/domain/idempotency/claim-idempotency-key";
import { keepClaimAlive, releaseClaim, settleSoon, storeClaimAnswer } from "@/lib/domain/idempotency/settle-claim";
import { ApiError } from "./api-error";
import { asApiError } from "./from-domain-error";
import { jsonResponse } from "./json-response";

/**
 * The request's fingerprint: path and body, and the site's credential key where the endpoint takes one in
 * X-Credential-Key, so the same key and body sent for another site is another request, not a replay.
 */
function requestHash(req: Request, body: unknown): string {
  const credentialKey = req.headers.get("x-credential-key")?.trim();
  const site = credentialKey ? `${credentialKey}\n` : "";
  return createHash("sha256")
    .update(`${new URL(req.url).pathname}\n${site}${JSON.stringify(body)}`)
    .digest("hex");
}

/**
 * decisions §8: with an Idempotency-Key, the first answer to (caller, key) is stored for 24 hours and
 * replayed for the same request; the same key with another request is 409, and so is a retry while the
 * first is still running. The claim is leased and renewed while the request runs; what the request
 * creates is linked to the claim in the create's own transaction (createTransaction, send-money), so a
 * crash at any point leaves either nothing committed (the retry runs afresh once the lease lapses) or a
 * committed create the retry answers from. Server errors are not stored.
 */
export async function withIdempotency(
  req: Request,
  scope: string,
  body: unknown,
  run: () => Promise<Response>,
): Promise<Response> {
  const key = req.headers.get("idempotency-key")?.trim();
  if (!key) return run();
  if (key.length > 255) throw ApiError.validation(["Idempotency-Key must be at most 255 characters"]);
  const outcome = await claimIdempotencyKey(scope, key, requestHash(req, body));
  if (outcome.kind === "mismatch")
    throw ApiError.plain(
      409,
      "Idempotency key reused",
      "This Idempotency-Key was already used with a different request.",
    );
  if (outcome.kind === "busy") throw DomainError.inProgress(outcome.retryAfterSeconds);
  if (outcome.kind === "replay")
    return jsonResponse(outcome.body, outcome.statusCode, { "idempotent-replayed": "true" });

  const { claim } = outcome;
  const stopRenewing = keepClaimAlive(claim);
  let response: Response;
  try {
    response = await runWithClaim(claim, run);
  } catch (error) {
    const refusal = asApiError(error);
    if (!refusal || refusal.status >= 500) {
      stopRenewing();
      await settleSoon(() => releaseClaim(claim), "released");
      throw error;
    }
    response = jsonResponse(refusal.body, refusal.status, refusal.headers);
  }
  stopRenewing();
  if (response.status >= 500) {
    await settleSoon(() => releaseClaim(claim), "released");
    return response;
  }
  // The answer stands even if it cannot be stored yet: a committed create is linked, a retry answers from it.
  const answer = (await response.clone().json()) as Prisma.InputJsonValue;
  await settleSoon(() => storeClaimAnswer(claim, response.status, answer), "stored");
  // Rebuilt from what the first request committed: to the client it is that request's answer, replayed.
  if (claim.recovering && response.ok) response.headers.set("idempotent-replayed", "true");
  return response;
}
