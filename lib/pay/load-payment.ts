import { bankAccountRange } from "@/lib/bank-accounts/choose-bank-account";
import { prisma } from "@/lib/db/prisma";

/** What the hosted page of a payment token shows; null for an unknown token. */
export async function loadPayment(token: string) {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return null;
  const t = await prisma.transaction.findUnique({
    where: { paymentToken: token },
    include: { site: { select: { name: true } }, dealer: { select: { name: true } }, bankAccount: true, eibanWallet: true },
  });
  if (!t) return null;
  const account = t.method === "EIBAN" ? t.eibanWallet : t.bankAccount;
  const range = t.method === "MANUAL_BANK" && t.status === "showing" ? await bankAccountRange(prisma, t.dealerId) : null;
  return {
    token,
    trackingCode: t.trackingCode,
    method: t.method,
    direction: t.direction,
    status: t.status,
    siteName: t.site?.name ?? t.dealer.name,
    errorMessage: t.errorMessage,
    checkoutStarted: Boolean(t.gatewayReference),
    amount: t.amount.toFixed(2),
    finalAmount: t.finalAmount?.toFixed(2) ?? null,
    expiresAt: t.expiresAt?.toISOString() ?? null,
    account: account ? { bankName: account.bankName, holder: account.accountName, iban: account.iban } : null,
    range,
  };
}

export type PaymentView = NonNullable<Awaited<ReturnType<typeof loadPayment>>>;

/** A showing deposit past expires_at is expired for the customer even before the runner records it. */
export function effectiveStatus(view: Pick<PaymentView, "status" | "expiresAt">, now = Date.now()): PaymentView["status"] {
  const overdue = view.expiresAt !== null && Date.parse(view.expiresAt) <= now;
  if (view.status === "showing" && overdue) return "expired";
  return view.status;
}
