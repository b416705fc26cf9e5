import type { Db } from "@/lib/db/prisma";
import type { CallbackKind } from "@/lib/generated/prisma/client";

export type CallbackTarget = { url: string | null; providerId: number | null; dealerId: number | null };

/** Where a kind of callback goes, read from the receiver's current configuration. */
export async function callbackTarget(db: Db, kind: CallbackKind, owner: { providerId: number | null; dealerId: number | null }): Promise<CallbackTarget> {
  if (kind === "DEALER_CARD") {
    const dealer = owner.dealerId ? await db.dealer.findUnique({ where: { id: owner.dealerId } }) : null;
    return { url: dealer?.creditCardCallbackUrl ?? null, providerId: null, dealerId: owner.dealerId };
  }
  const provider = owner.providerId ? await db.provider.findUnique({ where: { id: owner.providerId } }) : null;
  const url =
    kind === "PROVIDER_DEPOSIT" ? provider?.depositCallbackUrl : kind === "PROVIDER_WITHDRAWAL" ? provider?.withdrawalCallbackUrl : provider?.creditCardCallbackUrl;
  return { url: url ?? null, providerId: owner.providerId, dealerId: null };
}
