import { settings } from "@/lib/config/settings";
import { prisma } from "@/lib/db/prisma";
import { gatewayAdapter } from "@/lib/gateways/third-party-gateway";
import { ApiError } from "@/lib/http/api-error";
import { transitionTransaction } from "@/lib/transactions/transition-transaction";

/**
 * Hands a showing third-party withdrawal to its gateway and moves it to processing. A gateway that cannot
 * be reached leaves it showing; the job runner tries again until expires_at, when it is canceled.
 */
export async function submitWithdrawalToGateway(id: number): Promise<boolean> {
  const w = await prisma.transaction.findUnique({ where: { id }, include: { gateway: true } });
  if (!w || w.status !== "showing" || w.direction !== "WITHDRAWAL" || !w.gateway) return false;
  try {
    const { gatewayReference } = await gatewayAdapter(w.gateway.adapter).submitWithdrawal({
      gatewayCode: w.gateway.code,
      clientRef: w.trackingCode,
      amount: w.amount.toFixed(2),
      account: (w.accountDetails ?? {}) as Record<string, string>,
      notifyUrl: `${settings.publicBaseUrl}/api/webhooks/gateways`,
    });
    await prisma.$transaction((tx) =>
      transitionTransaction(tx, { id, from: ["showing"], to: "processing", actor: { type: "GATEWAY", id: w.gateway!.code }, note: `Sent to ${w.gateway!.name}`, data: { gatewayReference } }),
    );
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) return false;
    console.error(JSON.stringify({ level: "warn", msg: "gateway submission failed; will retry", tracking_code: w.trackingCode, err: String(error) }));
    return false;
  }
}

/** Showing third-party withdrawals not yet accepted by their gateway are submitted again. */
export async function resubmitUnsentWithdrawals(now = new Date(), olderThanMs = 30_000): Promise<number> {
  const unsent = await prisma.transaction.findMany({
    where: { direction: "WITHDRAWAL", status: "showing", gatewayId: { not: null }, createdAt: { lt: new Date(now.getTime() - olderThanMs) }, expiresAt: { gt: now } },
    select: { id: true },
    take: 50,
  });
  for (const { id } of unsent) await submitWithdrawalToGateway(id);
  return unsent.length;
}
