import QRCode from "qrcode";
import {
  dealerAmountRange,
  findPaymentForPage,
  listSiteGatewaysForPage,
} from "@/lib/domain/customers/find-payment-for-page";
import type { DepositInstructions } from "@/lib/integrations/gateways/third-party-gateway";
import { PAYMENT_METHODS, type PageKind, paymentMethodOf } from "@/lib/domain/payment-methods";
import type { BankAccount, EibanWallet } from "@/lib/generated/prisma/client";
import { settings } from "@/lib/base/config/settings";
import { compareDecimal } from "@/lib/base/money/compare-decimal";
import { clockTime, LOW_TIME_SECONDS, secondsLeft } from "./deadline";
import { MAX_CARD_ATTEMPTS } from "@/lib/domain/transactions/lifecycle";

type Account = { bankName: string; accountName: string; iban: string };

/**
 * Per page kind: the account the page shows when the transaction recorded none as offered, and whether the
 * customer may pick the amount within the dealer's accounts' range. A new page kind fails the type check here.
 */
const PAGE_KINDS: Record<
  PageKind,
  {
    liveAccount: (t: { bankAccount: BankAccount | null; eibanWallet: EibanWallet | null }) => Account | null;
    amountRange: boolean;
  }
> = {
  "bank-transfer": { liveAccount: (t) => t.bankAccount, amountRange: true },
  "eiban-transfer": { liveAccount: (t) => t.eibanWallet, amountRange: false },
  "card-checkout": { liveAccount: (t) => t.bankAccount, amountRange: false },
  "gateway-choice": { liveAccount: (t) => t.bankAccount, amountRange: false },
};

/** What the hosted page of a payment token shows; null for an unknown token. */
export async function loadPayment(token: string) {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return null;
  const t = await findPaymentForPage(token);
  if (!t) return null;
  // The account as the deposit offered it; a deposit closed before offers were recorded reads its account.
  const pageKind: PageKind = PAYMENT_METHODS[paymentMethodOf(t.method)].pageKind;
  const live = PAGE_KINDS[pageKind].liveAccount(t);
  const account = t.offeredIban
    ? { bankName: t.offeredBankName ?? "", accountName: t.offeredAccountName ?? "", iban: t.offeredIban }
    : live;
  const accounts =
    PAGE_KINDS[pageKind].amountRange && t.status === "showing" ? await dealerAmountRange(t.dealerId) : null;
  // The customer may not take the amount past the provider's maximum per transaction either.
  const cap = t.provider?.maxTransactionAmount.toFixed(2);
  const range = accounts && cap && compareDecimal(accounts.max, cap) > 0 ? { ...accounts, max: cap } : accounts;
  const thirdParty = pageKind === "gateway-choice" && t.direction === "DEPOSIT";
  // The gateways chosen for the site (each with its limits, and whether it takes this amount), never another site's.
  const gateways =
    thirdParty && t.status === "showing" && t.site ? await listSiteGatewaysForPage(t.site.id, t.amount.toFixed(2)) : [];
  const instructions = thirdParty ? ((t.gatewayDetails ?? null) as DepositInstructions | null) : null;
  const attempt = pageKind === "card-checkout" ? (t.cardAttempts[0] ?? null) : null;
  return {
    token,
    trackingCode: t.trackingCode,
    method: t.method,
    pageKind,
    direction: t.direction,
    status: t.status,
    siteName: t.site?.name ?? t.dealer.name,
    legalName: t.site?.legalName ?? null,
    logoUrl: t.site?.logoUrl ?? null,
    // Who charges the card: the dealer's acquirer, whose merchant name is on the customer's card statement.
    dealerName: t.dealer.name,
    description: t.description,
    returnUrl: t.site?.returnUrl ?? null,
    errorMessage: t.errorMessage,
    // The page words a failure by its code in the customer's language; the partner's own text stays for staff.
    errorCode: t.errorCode,
    outcomeReason: t.outcomeReason,
    decidedBy: t.events.find((e) => e.toStatus === t.status && e.fromStatus !== t.status)?.actorType ?? null,
    checkoutStarted: attempt ? attempt.status === "started" : Boolean(t.gatewayReference),
    // What the page's poll compares besides the status: a declined attempt leaves a card payment pending.
    attemptState: attempt ? `${attempt.number}:${attempt.status}` : null,
    // The latest attempt when it was declined and another card may be tried, with how many tries are left.
    declinedAttempt:
      attempt?.status === "declined"
        ? { number: attempt.number, errorCode: attempt.errorCode, left: MAX_CARD_ATTEMPTS - attempt.number }
        : null,
    amount: t.amount.toFixed(2),
    finalAmount: t.finalAmount?.toFixed(2) ?? null,
    expiresAt: t.expiresAt?.toISOString() ?? null,
    // The deadline as a clock time in Turkey ("14:35"), and whether little time was left when the page was made.
    deadline: t.expiresAt ? clockTime(t.expiresAt.toISOString(), settings.timeZone) : null,
    lowTime: t.expiresAt ? secondsLeft(t.expiresAt.toISOString()) <= LOW_TIME_SECONDS : false,
    account: account ? { bankName: account.bankName, holder: account.accountName, iban: account.iban } : null,
    range,
    gateways,
    instructions,
    gatewayName: t.gateway?.name ?? null,
    qrSvg: instructions?.kind === "crypto" ? await cryptoQr(instructions) : null,
    // One deadline on a crypto page at a time: where the gateway's quote ends before the payment does, the countdown
    // runs to the quote's end first, then (the rate no longer held) to the payment's.
    rateEnds: instructions?.kind === "crypto" ? rateEndsFirst(instructions.quoteValidUntil, t.expiresAt) : null,
  };
}

/** When a crypto gateway's quoted rate ends, where that is before the payment's own end: a time, and if it is past. */
function rateEndsFirst(
  quote: string | undefined,
  expiresAt: Date | null,
): { at: string; clock: string; past: boolean } | null {
  const ends = quote ? Date.parse(quote) : Number.NaN;
  if (Number.isNaN(ends) || (expiresAt && ends >= expiresAt.getTime())) return null;
  const at = new Date(ends).toISOString();
  return { at, clock: clockTime(at, settings.timeZone), past: ends <= Date.now() };
}

/** What a wallet app scans: a bitcoin: URI with the amount, or the bare address for other networks. */
function cryptoQr(i: Extract<DepositInstructions, { kind: "crypto" }>): Promise<string> {
  const text = i.network === "BTC" ? `bitcoin:${i.address}?amount=${i.coinAmount}` : i.address;
  return QRCode.toString(text, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
}

export type PaymentView = NonNullable<Awaited<ReturnType<typeof loadPayment>>>;

/** A showing deposit past expires_at is expired for the customer even before the runner records it. */
export function effectiveStatus(
  view: Pick<PaymentView, "status" | "expiresAt">,
  now = Date.now(),
): PaymentView["status"] {
  const overdue = view.expiresAt !== null && Date.parse(view.expiresAt) <= now;
  if (view.status === "showing" && overdue) return "expired";
  return view.status;
}
