import { prisma } from "@/lib/base/db/prisma";
import { DomainError } from "@/lib/base/errors/domain-error";
import { cardStatusRecord } from "./card-status-record";
import type { CardStatusResponse } from "@/lib/domain/schemas/responses/provider-responses";

/** The status record of the caller's own card payment; anyone else's is as unknown as a missing one. */
export async function cardPaymentStatus(trackingCode: string, owner: { providerId: number } | { dealerId: number }): Promise<CardStatusResponse> {
  const t = await prisma.transaction.findUnique({ where: { trackingCode } });
  const mine = t && t.method === "CREDIT_CARD" && ("providerId" in owner ? t.providerId === owner.providerId : t.origin === "DEALER" && t.dealerId === owner.dealerId);
  if (!t || !mine) throw DomainError.notFound(`No card payment ${trackingCode}.`);
  return { success: true, data: cardStatusRecord(t) };
}
