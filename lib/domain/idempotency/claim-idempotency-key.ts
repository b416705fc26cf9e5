import { randomUUID } from "node:crypto";
import { prisma } from "@/lib/base/db/prisma";
import { Prisma } from "@/lib/generated/prisma/client";
import type { ActiveClaim } from "./claim-context";

const TTL_MS = 24 * 3600 * 1000;
/** A claim lasts this long unless its request renews it; a claim whose request died lapses after it. */
export const CLAIM_LEASE_MS = 10_000;
const IN_PROGRESS = 0;
/** The end of a lease taken or renewed now, on the database's clock (the one every instance shares). */
export const LEASE_END = Prisma.raw(`now() + interval '${CLAIM_LEASE_MS} milliseconds'`);

export type ClaimOutcome =
  | { kind: "claimed"; claim: ActiveClaim }
  | { kind: "replay"; statusCode: number; body: unknown }
  | { kind: "busy"; retryAfterSeconds: number }
  | { kind: "mismatch" };

type Row = {
  id: number;
  request_hash: string;
  status_code: number;
  response_body: unknown;
  claim_token: string | null;
  lapsed: boolean;
  wait_ms: number;
};

/**
 * Claims (scope, key) for one request. A fresh key is inserted with this request's token; a key already
 * answered is replayed; a key held under a live lease is busy. A lapsed claim (its request died, or could
 * not release it while the database was down) is taken over with a new token: if what it protects
 * committed (linked in the create's transaction) the retry answers from it, otherwise it runs afresh.
 */
export async function claimIdempotencyKey(scope: string, key: string, requestHash: string): Promise<ClaimOutcome> {
  await prisma.idempotencyRecord.deleteMany({
    where: { scope, key, createdAt: { lt: new Date(Date.now() - TTL_MS) } },
  });
  // A second look only when the record changed between reading and taking it over (answered, or taken).
  for (let look = 0; ; look++) {
    const outcome = await tryClaim(scope, key, requestHash);
    if (outcome || look === 1) return outcome ?? { kind: "busy", retryAfterSeconds: 1 };
  }
}

async function tryClaim(scope: string, key: string, requestHash: string): Promise<ClaimOutcome | null> {
  const token = randomUUID();
  const [inserted] = await prisma.$queryRaw<{ id: number }[]>`
    INSERT INTO idempotency_records (scope, key, request_hash, status_code, response_body, claim_token, locked_until)
    VALUES (${scope}, ${key}, ${requestHash}, ${IN_PROGRESS}, '{}'::json, ${token}, ${LEASE_END})
    ON CONFLICT (scope, key) DO NOTHING RETURNING id`;
  if (inserted) return { kind: "claimed", claim: { id: inserted.id, token, recovering: null } };

  const [previous] = await prisma.$queryRaw<Row[]>`
    SELECT id, request_hash, status_code, response_body, claim_token,
           (locked_until IS NULL OR locked_until < now()) AS lapsed,
           GREATEST(0, EXTRACT(EPOCH FROM (locked_until - now())) * 1000)::int AS wait_ms
    FROM idempotency_records WHERE scope = ${scope} AND key = ${key}`;
  // Deleted in between (its 24 hours ran out): the caller may simply retry.
  if (!previous) return { kind: "busy", retryAfterSeconds: 1 };
  if (previous.request_hash !== requestHash) return { kind: "mismatch" };
  if (previous.status_code !== IN_PROGRESS)
    return { kind: "replay", statusCode: previous.status_code, body: previous.response_body };
  if (!previous.lapsed) return { kind: "busy", retryAfterSeconds: previous.wait_ms / 1000 };

  // Blocks while a create that links this claim is committing, then sees its link.
  const [taken] = await prisma.$queryRaw<{ transaction_id: number | null; transfer_id: number | null }[]>`
    UPDATE idempotency_records SET claim_token = ${token}, locked_until = ${LEASE_END}
    WHERE id = ${previous.id} AND status_code = ${IN_PROGRESS} AND claim_token IS NOT DISTINCT FROM
      ${previous.claim_token}
      AND (locked_until IS NULL OR locked_until < now())
    RETURNING transaction_id, transfer_id`;
  if (!taken) return null;
  const recovering =
    taken.transaction_id !== null || taken.transfer_id !== null
      ? { transactionId: taken.transaction_id, transferId: taken.transfer_id }
      : null;
  return { kind: "claimed", claim: { id: previous.id, token, recovering } };
}
