import type { ConsoleUser } from "@/lib/domain/access/console-user";
import { deliveryScope } from "@/lib/domain/access/tenant-scope";
import { prisma } from "@/lib/base/db/prisma";

/**
 * A sent body without its signature: dealer staff see what their transactions' callbacks said, but not the
 * hash (nor the headers, X-Hash and X-Signature), which a receiver would accept again within its window.
 */
function withoutSignature(body: string): string {
  // Removed from the text as sent (the service writes "hash" itself), so every other byte stays as it was.
  return body.replace(/"hash":"[0-9a-f]{64}",?/, "").replace(/,}$/, "}");
}

/**
 * One delivery with every attempt, or null when it does not exist or is outside the user's tenancy. For
 * dealer staff each attempt's headers are null and its body has no hash.
 */
export async function getDelivery(user: ConsoleUser, id: number) {
  const delivery = await prisma.callbackDelivery.findFirst({
    where: { AND: [{ id }, deliveryScope(user)] },
    include: {
      attempts: { orderBy: { attemptNumber: "desc" } },
      provider: { select: { name: true } },
      dealer: { select: { name: true } },
      transaction: { select: { trackingCode: true, status: true } },
    },
  });
  if (!delivery || user.role !== "DEALER") return delivery;
  return {
    ...delivery,
    attempts: delivery.attempts.map((a) => ({
      ...a,
      requestHeaders: null,
      requestBody: a.requestBody === null ? null : withoutSignature(a.requestBody),
    })),
  };
}
