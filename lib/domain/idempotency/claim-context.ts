import { AsyncLocalStorage } from "node:async_hooks";
import type { Db } from "@/lib/base/db/prisma";
import { DomainError } from "@/lib/base/errors/domain-error";

/** What an idempotent request created, as linked to its claim. */
export type CreatedRecord = { transactionId: number | null; transferId: number | null };

/**
 * The Idempotency-Key claim a request holds while it runs. `recovering` is set when the request is the
 * retry of one whose create committed before its answer was stored: the create is not repeated.
 */
export type ActiveClaim = { id: number; token: string; recovering: CreatedRecord | null };

// Route handlers are bundled per route; globalThis holds the one store every module instance shares.
const key = Symbol.for("pis.idempotency.claim");
type Holder = { [key]?: AsyncLocalStorage<ActiveClaim> };
const store = ((globalThis as Holder)[key] ??= new AsyncLocalStorage<ActiveClaim>());

export function runWithClaim<T>(claim: ActiveClaim, work: () => Promise<T>): Promise<T> {
  return store.run(claim, work);
}

/** The record a recovering retry answers with instead of creating it again; null on a first run. */
export function recoveredCreate(kind: keyof CreatedRecord): number | null {
  return store.getStore()?.recovering?.[kind] ?? null;
}

/**
 * Called in the create's own database transaction: the claim and what it created commit together. The
 * update is fenced by the claim's token, so a request whose claim lapsed and was taken over by a retry
 * cannot commit a second create (its transaction rolls back); `response`, when the caller already has it,
 * is stored in the same statement. Outside an idempotent request this does nothing.
 */
export async function linkIdempotentCreate(tx: Db, created: Partial<CreatedRecord>, response?: unknown): Promise<void> {
  const claim = store.getStore();
  if (!claim || claim.recovering) return;
  const stored = response === undefined ? null : JSON.stringify(response);
  const linked = await tx.$executeRaw`
    UPDATE idempotency_records
    SET transaction_id = ${created.transactionId ?? null}, transfer_id = ${created.transferId ?? null},
        status_code = CASE WHEN ${stored}::text IS NULL THEN status_code ELSE 200 END,
        response_body = COALESCE(${stored}::json, response_body)
    WHERE id = ${claim.id} AND claim_token = ${claim.token} AND status_code = 0 AND transaction_id IS NULL AND
      transfer_id IS NULL`;
  if (linked !== 1) throw DomainError.inProgress(1);
}

/** The claim a one-statement create must link itself to (null outside an idempotent request or when recovering). */
export function claimToLink(): { id: number; token: string } | null {
  const claim = store.getStore();
  return claim && !claim.recovering ? { id: claim.id, token: claim.token } : null;
}
