import { randomKey } from "@/lib/base/crypto/random";
import { note, noteColumns } from "@/lib/base/messages/notes";
import type { Db } from "@/lib/base/db/prisma";
import type { Prisma } from "@/lib/generated/prisma/client";
import { linkIdempotentCreate, recoveredCreate } from "@/lib/domain/idempotency/claim-context";
import { countCreatedAfterCommit } from "./count-transactions";

type NewTransaction = Omit<Prisma.TransactionUncheckedCreateInput, "paymentToken"> & { withPaymentPage?: boolean };

/**
 * Writes a new transaction and the first entry of its history; pages get an unguessable token. Under an
 * Idempotency-Key the claim is linked in this same database transaction, and the retry of a request whose
 * create committed before its answer was stored gets that transaction back instead of a second one.
 */
export async function createTransaction(
  tx: Db,
  { withPaymentPage, ...data }: NewTransaction,
  actor: { type: "API"; id?: string },
) {
  const recovered = recoveredCreate("transactionId");
  if (recovered !== null) return tx.transaction.findUniqueOrThrow({ where: { id: recovered } });
  const transaction = await tx.transaction.create({
    data: { ...data, paymentToken: withPaymentPage ? randomKey("", 24) : null },
  });
  await tx.transactionEvent.create({
    data: {
      transactionId: transaction.id,
      fromStatus: null,
      toStatus: transaction.status,
      actorType: actor.type,
      actorId: actor.id ?? null,
      ...noteColumns(note("created")),
    },
  });
  await linkIdempotentCreate(tx, { transactionId: transaction.id });
  await countCreatedAfterCommit(tx, transaction);
  return transaction;
}

/** When a transaction created now expires: deposits, withdrawals and card payments alike. */
export function expiryAfter(now: Date, ttlMinutes: number): Date {
  return new Date(now.getTime() + ttlMinutes * 60_000);
}
