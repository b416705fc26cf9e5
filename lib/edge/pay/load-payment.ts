import QRCode from "qrcode";
import { bankAccountRange } from "@/lib/domain/bank-accounts/choose-bank-account";
import type { DepositInstructions } from "@/lib/integrations/gateways/third-party-gateway";
import { kindOfGateway } from "@/lib/domain/payment-methods/third-party-kinds";
import { PAYMENT_METHODS, type PageKind } from "@/lib/domain/payment-methods";
import type { BankAccount, EibanWallet } from "@/lib/generated/prisma/client";
import { prisma } from "@/lib/base/db/prisma";
import { compareDecimal } from "@/lib/base/money/compare-decimal";

type Account = { bankName: string; accountName: string; iban: string };

/**
 * Per page kind: the account the page shows when the transaction recorded none as offered, and whether the
 * customer may pick the amount within the dealer's accounts' range. A new page kind fails the type check here.
 */
const PAGE_KINDS: Record<PageKind, { liveAccount: (t: { bankAccount: BankAccount | null; eibanWallet: EibanWallet | null }) => Account | null; amountRange: boolean }> = {
  "bank-transfer": { liveAccount: (t) => t.bankAccount, amountRange: true },
  "eiban-transfer": { liveAccount: (t) => t.eibanWallet, amountRange: false },
  "card-checkout": { liveAccount: (t) => t.bankAccount, amountRange: false },
  "gateway-choice": { liveAccount: (t) => t.bankAccount, amountRange: false },
};

/** What the hosted page of a payment token shows; null for an unknown token. */
export async function loadPayment(token: string) {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return null;
  const t = await prisma.transaction.findUnique({
    where: { paymentToken: token },
    include: {
      site: { select: { name: true, returnUrl: true } },
      dealer: { select: { name: true } },
      provider: { select: { maxTransactionAmount: true } },
      bankAccount: true,
      eibanWallet: true,
      // Who made the current status (the customer, staff, a gateway): the final page words the outcome by it.
      events: { orderBy: { id: "desc" }, take: 5, select: { actorType: true, fromStatus: true, toStatus: true } },
    },
  });
  if (!t) return null;
  // The account as the deposit offered it; a deposit closed before offers were recorded reads its account.
  const pageKind: PageKind = PAYMENT_METHODS[t.method].pageKind;
  const live = PAGE_KINDS[pageKind].liveAccount(t);
  const account = t.offeredIban ? { bankName: t.offeredBankName ?? "", accountName: t.offeredAccountName ?? "", iban: t.offeredIban } : live;
  const accounts = PAGE_KINDS[pageKind].amountRange && t.status === "showing" ? await bankAccountRange(prisma, t.dealerId) : null;
  // The customer may not take the amount past the provider's maximum per transaction either.
  const cap = t.provider?.maxTransactionAmount.toFixed(2);
  const range = accounts && cap && compareDecimal(accounts.max, cap) > 0 ? { ...accounts, max: cap } : accounts;
  const thirdParty = pageKind === "gateway-choice" && t.direction === "DEPOSIT";
  const gateways =
    thirdParty && t.status === "showing"
      ? (await prisma.gateway.findMany({ where: { isActive: true, minAmount: { lte: t.amount }, maxAmount: { gte: t.amount } }, orderBy: { id: "asc" } })).map((g) => ({
          id: g.id,
          name: g.name,
          kind: kindOfGateway(g.method),
          description: g.description,
          cryptoTypes: g.supportedCryptoTypes,
        }))
      : [];
  const instructions = thirdParty ? ((t.gatewayDetails ?? null) as DepositInstructions | null) : null;
  return {
    token,
    trackingCode: t.trackingCode,
    method: t.method,
    pageKind,
    direction: t.direction,
    status: t.status,
    siteName: t.site?.name ?? t.dealer.name,
    returnUrl: t.site?.returnUrl ?? null,
    errorMessage: t.errorMessage,
    // The page words a failure by its code in the customer's language; the partner's own text stays for staff.
    errorCode: t.errorCode,
    outcomeReason: t.outcomeReason,
    decidedBy: t.events.find((e) => e.toStatus === t.status && e.fromStatus !== t.status)?.actorType ?? null,
    checkoutStarted: Boolean(t.gatewayReference),
    amount: t.amount.toFixed(2),
    finalAmount: t.finalAmount?.toFixed(2) ?? null,
    expiresAt: t.expiresAt?.toISOString() ?? null,
    account: account ? { bankName: account.bankName, holder: account.accountName, iban: account.iban } : null,
    range,
    gateways,
    instructions,
    qrSvg: instructions?.kind === "crypto" ? await cryptoQr(instructions) : null,
  };
}

/** What a wallet app scans: a bitcoin: URI with the amount, or the bare address for other networks. */
function cryptoQr(i: Extract<DepositInstructions, { kind: "crypto" }>): Promise<string> {
  const text = i.network === "BTC" ? `bitcoin:${i.address}?amount=${i.coinAmount}` : i.address;
  return QRCode.toString(text, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
}

export type PaymentView = NonNullable<Awaited<ReturnType<typeof loadPayment>>>;

/** A showing deposit past expires_at is expired for the customer even before the runner records it. */
export function effectiveStatus(view: Pick<PaymentView, "status" | "expiresAt">, now = Date.now()): PaymentView["status"] {
  const overdue = view.expiresAt !== null && Date.parse(view.expiresAt) <= now;
  if (view.status === "showing" && overdue) return "expired";
  return view.status;
}
