import type { Db } from "@/lib/base/db/prisma";
import type { CallbackKind } from "@/lib/generated/prisma/client";

export type CallbackTarget = { url: string | null; providerId: number | null; dealerId: number | null };

/** Where a kind of callback goes, read from the receiver's current configuration. */
export async function callbackTarget(
  db: Db,
  kind: CallbackKind,
  owner: { providerId: number | null; dealerId: number | null },
): Promise<CallbackTarget> {
  if (kind === "DEALER_CARD") {
    const dealer = owner.dealerId ? await db.dealer.findUnique({ where: { id: owner.dealerId } }) : null;
    return { url: dealer?.creditCardCallbackUrl ?? null, providerId: null, dealerId: owner.dealerId };
  }
  const provider = owner.providerId ? await db.provider.findUnique({ where: { id: owner.providerId } }) : null;
  const url =
    kind === "PROVIDER_DEPOSIT"
      ? provider?.depositCallbackUrl
      : kind === "PROVIDER_WITHDRAWAL"
        ? provider?.withdrawalCallbackUrl
        : provider?.creditCardCallbackUrl;
  return { url: url ?? null, providerId: owner.providerId, dealerId: null };
}

type UrlHolder = {
  kind: CallbackKind;
  url: string;
  provider: {
    depositCallbackUrl: string | null;
    withdrawalCallbackUrl: string | null;
    creditCardCallbackUrl: string | null;
  } | null;
  dealer: { creditCardCallbackUrl: string | null } | null;
};

/** The URL a delivery goes to now: test callbacks keep theirs; others follow the receiver's current setting. */
export function currentCallbackUrl(delivery: UrlHolder): string {
  switch (delivery.kind) {
    case "TEST":
      return delivery.url;
    case "DEALER_CARD":
      return delivery.dealer?.creditCardCallbackUrl ?? "";
    case "PROVIDER_DEPOSIT":
      return delivery.provider?.depositCallbackUrl ?? "";
    case "PROVIDER_WITHDRAWAL":
      return delivery.provider?.withdrawalCallbackUrl ?? "";
    case "PROVIDER_CARD":
      return delivery.provider?.creditCardCallbackUrl ?? "";
  }
}
