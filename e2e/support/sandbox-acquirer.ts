import { randomKey } from "@/lib/base/crypto/random";
import { prisma } from "@/lib/base/db/prisma";
import { signReturn } from "@/lib/integrations/connectors/sandbox-card/wire";
import { sandboxStoreKey } from "@/lib/integrations/sandbox/acquirer/sandbox-checkout";

/**
 * The sandbox acquirer's own books say the order was charged (as after a customer paid on its page), for
 * tests that bring the verdict to the service another way (a notification, an inquiry) and later refund.
 */
export async function chargedAtSandboxAcquirer(orderId: string, authCode = "T35T") {
  const t = await prisma.transaction.findUniqueOrThrow({ where: { orderId } });
  const data = { status: "approved", authCode, amount: t.amount };
  return prisma.sandboxAcquirerSession.upsert({
    where: { orderId },
    update: data,
    create: {
      id: randomKey("cs_", 18),
      orderId,
      currency: "TRY",
      merchant: "test",
      returnUrl: "http://127.0.0.1/",
      notifyUrl: "http://127.0.0.1/",
      expiresAt: t.expiresAt,
      ...data,
    },
  });
}

/** The query of a browser return from the sandbox acquirer, signed with its store key (or as tampered after). */
export function sandboxReturnQuery(fields: Record<string, string>, tamper: Record<string, string> = {}): string {
  return new URLSearchParams({ ...signReturn(sandboxStoreKey(), fields), ...tamper }).toString();
}
