"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef } from "react";
import { PAY_MESSAGES, type Lang } from "@/lib/i18n/pay-messages";
import type { PaymentView } from "@/lib/pay/load-payment";
import { usePaymentStatus } from "@/lib/swr/use-payment-status";
import { CardCheckout } from "./card-checkout";
import { DepositInstructions } from "./deposit-instructions";
import { GatewayChooser } from "./gateway-chooser";
import { GatewayInstructions } from "./gateway-instructions";
import { StatusCard } from "./status-card";

/** The hosted deposit page: instructions while open, then the outcome, followed live. */
export function PaymentScreen({ view, lang }: { view: PaymentView; lang: Lang }) {
  const t = PAY_MESSAGES[lang];
  const router = useRouter();
  const { data, mutate } = usePaymentStatus(view.token, { status: view.status, amount: view.amount, final_amount: view.finalAmount, expires_at: view.expiresAt });
  const status = data?.status ?? view.status;
  const previous = useRef(status);
  useEffect(() => {
    // A status change (e.g. after "I have sent the money") re-renders the server view too.
    if (previous.current !== status) router.refresh();
    previous.current = status;
  }, [status, router]);
  const onExpire = useCallback(() => void mutate(), [mutate]);
  const isCard = view.method === "CREDIT_CARD";
  const isThirdParty = view.method.startsWith("TP_");
  const shownAmount = (status === "completed" || status === "success" ? data?.final_amount : null) ?? data?.amount ?? view.amount;

  return (
    <main className="mx-auto flex min-h-screen w-full max-w-md flex-col gap-4 px-4 py-6">
      <header className="flex items-start justify-between gap-3">
        <div>
          <p className="text-sm text-slate-500">{view.siteName}</p>
          <h1 className="text-2xl font-semibold">
            {isCard ? t.cardPayment : t.deposit} · <span className="tabular-nums">{shownAmount} TRY</span>
          </h1>
        </div>
        <nav aria-label={t.language} className="flex gap-2 text-sm">
          {(["tr", "en"] as const).map((code) => (
            <Link key={code} href={`?lang=${code}`} aria-current={code === lang ? "true" : undefined} className={code === lang ? "font-semibold text-slate-900" : "text-slate-500 underline"}>
              {code.toUpperCase()}
            </Link>
          ))}
        </nav>
      </header>
      {status === "showing" && !isThirdParty && <DepositInstructions view={view} lang={lang} onExpire={onExpire} />}
      {status === "showing" && isThirdParty && <GatewayChooser view={view} lang={lang} onExpire={onExpire} />}
      {status === "pending" && isThirdParty && <GatewayInstructions view={view} lang={lang} />}
      {status === "pending" && isCard && <CardCheckout view={view} lang={lang} onExpire={onExpire} />}
      {status === "pending" && !isCard && !isThirdParty && <StatusCard tone="warning" title={t.pendingTitle} body={t.pendingBody} />}
      {status === "success" && <StatusCard tone="success" title={t.successTitle} body={t.successBody(shownAmount)} />}
      {status === "failed" && <StatusCard tone="error" title={t.failedTitle} body={t.failedBody(view.errorMessage ?? "")} />}
      {status === "cancelled" && <StatusCard tone="neutral" title={t.cardCancelledTitle} body={t.cardCancelledBody} />}
      {status === "refunded" && <StatusCard tone="neutral" title={t.refundedTitle} body={t.refundedBody} />}
      {status === "completed" && <StatusCard tone="success" title={t.completedTitle} body={t.completedBody(data?.final_amount ?? data?.amount ?? view.amount)} />}
      {status === "canceled" && <StatusCard tone="neutral" title={t.canceledTitle} body={t.canceledBody} />}
      {status === "expired" && <StatusCard tone="neutral" title={t.expiredTitle} body={t.expiredBody} />}
      {!["showing", "pending", "completed", "canceled", "expired", "success", "failed", "cancelled", "refunded"].includes(status) && <StatusCard tone="neutral" title={t.otherStatus(status)} body="" />}
      <p className="mt-auto text-center font-mono text-xs text-slate-500">{view.trackingCode}</p>
    </main>
  );
}
