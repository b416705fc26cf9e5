import { randomKey } from "@/lib/crypto/random";
import type { Db } from "@/lib/db/prisma";
import type { Prisma } from "@/lib/generated/prisma/client";

type NewTransaction = Omit<Prisma.TransactionUncheckedCreateInput, "paymentToken"> & { withPaymentPage?: boolean };

/** Writes a new transaction and the first entry of its history; pages get an unguessable token. */
export async function createTransaction(tx: Db, { withPaymentPage, ...data }: NewTransaction, actor: { type: "API"; id?: string }) {
  const transaction = await tx.transaction.create({ data: { ...data, paymentToken: withPaymentPage ? randomKey("", 24) : null } });
  await tx.transactionEvent.create({
    data: { transactionId: transaction.id, fromStatus: null, toStatus: transaction.status, actorType: actor.type, actorId: actor.id ?? null, note: "Created" },
  });
  return transaction;
}

export function depositExpiry(now: Date, ttlMinutes: number): Date {
  return new Date(now.getTime() + ttlMinutes * 60_000);
}
