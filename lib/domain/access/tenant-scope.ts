import type { ConsoleUser } from "@/lib/domain/access/console-user";
import type { Prisma } from "@/lib/generated/prisma/client";

/** The sites a console user may see: all for admins, their dealer's or provider's otherwise. */
export function siteScope(user: ConsoleUser): Prisma.SiteWhereInput {
  if (user.role === "ADMIN") return {};
  if (user.role === "DEALER") return { dealerId: user.dealerId ?? -1 };
  return { providerId: user.providerId ?? -1 };
}

/** Transactions follow the same tenancy; dealer-originated ones belong to their dealer only. */
export function transactionScope(user: ConsoleUser): Prisma.TransactionWhereInput {
  if (user.role === "ADMIN") return {};
  if (user.role === "DEALER") return { dealerId: user.dealerId ?? -1 };
  return { providerId: user.providerId ?? -1 };
}

/** Deliveries: a provider's own; for dealer staff their card callbacks and those of their sites' transactions. */
export function deliveryScope(user: ConsoleUser): Prisma.CallbackDeliveryWhereInput {
  if (user.role === "ADMIN") return {};
  if (user.role === "DEALER")
    return { OR: [{ dealerId: user.dealerId ?? -1 }, { transaction: { dealerId: user.dealerId ?? -1 } }] };
  return { providerId: user.providerId ?? -1 };
}
