import { expect } from "vitest";
import { prisma } from "@/lib/base/db/prisma";

/**
 * A new third-party withdrawal is handed to its gateway just after the create's answer
 * (lib/domain/third-party/hand-over-in-background.ts): waits until that hand-over is over, whatever the
 * gateway said (sent, refused, a timeout or a 409: each is counted or decides the withdrawal).
 */
export async function handedOver(trackingCode: string, timeout = 15_000) {
  await expect
    .poll(
      async () => {
        const w = await prisma.transaction.findUniqueOrThrow({ where: { trackingCode } });
        return w.gatewayAttempts > 0 || !["showing", "processing"].includes(w.status);
      },
      { timeout, interval: 50 },
    )
    .toBe(true);
  return prisma.transaction.findUniqueOrThrow({ where: { trackingCode } });
}
