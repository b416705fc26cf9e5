import { paymentMethodOf } from "@/lib/domain/payment-methods";
import { sectionRoles } from "@/components/console/console-nav";
import { CopyCode } from "@/components/console/copy-code";
import { sourceWords } from "@/lib/edge/console/word-note";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { RefundConfirm } from "@/app/console/(app)/card-payments/_components/refund-confirm";
import { UnknownRefunds } from "@/app/console/(app)/card-payments/_components/unknown-refunds";
import { DetailCard, DetailField } from "@/components/console/detail-field";
import { TransactionCallbacks } from "@/app/console/(app)/transactions/[id]/_components/transaction-callbacks";
import { CardAttempts } from "@/app/console/(app)/transactions/[id]/_components/card-attempts";
import { TransactionHistory } from "@/components/console/transaction-history";
import { TransactionStatusBadge } from "@/components/console/transaction-status-badge";
import { requireConsoleUser } from "@/lib/edge/auth/console-user";
import { routeId } from "@/lib/edge/console/route-id";
import { alertMessage, alertResolution } from "@/lib/edge/console/word-note";
import { discrepancyIdOf } from "@/lib/edge/console/reconciliation-words";
import { consoleTime } from "@/lib/edge/console/format";
import { formatMoney } from "@/lib/base/money/format-money";
import { errorCodeLabel } from "@/lib/edge/console/transaction-labels";
import { formatIban } from "@/lib/base/iban/iban";
import { consoleMessages } from "@/lib/edge/i18n/console/server";
import { getTransaction } from "@/lib/domain/explorer/get-transaction";
import { listCardRefunds, summarizeRefunds } from "@/lib/domain/explorer/refund-summary";
import type { TransactionStatus } from "@/lib/generated/prisma/enums";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await consoleMessages()).titles.transaction };
}

function JsonFields({ value }: { value: unknown }) {
  if (!value || typeof value !== "object") return null;
  return (
    <ul>
      {Object.entries(value as Record<string, unknown>).map(([k, v]) => (
        <li key={k}>
          <span className="text-slate-500">{k}:</span> {typeof v === "object" ? JSON.stringify(v) : String(v)}
        </li>
      ))}
    </ul>
  );
}

const MONEY_MOVED = new Set<TransactionStatus>(["completed", "success", "refunded"]);
const NOTHING_MOVED = new Set<TransactionStatus>(["canceled", "expired", "rejected", "failed", "cancelled"]);

/**
 * What actually moved: the amount staff approved where they set one (deposits), else the amount itself once
 * the transaction completed; nothing for an outcome that moved no money; "not settled" only while it is open.
 */
function settledAmount(
  tx: {
    status: TransactionStatus;
    amount: { toFixed: (n: number) => string };
    finalAmount: { toFixed: (n: number) => string } | null;
  },
  money: (d: { toFixed: (n: number) => string } | null) => string | null,
  d: ConsoleMessages["transactions"]["detail"],
) {
  if (tx.finalAmount) return money(tx.finalAmount);
  if (MONEY_MOVED.has(tx.status)) return money(tx.amount);
  return NOTHING_MOVED.has(tx.status) ? d.nothingMoved : d.notSettled;
}

export default async function TransactionPage({ params }: { params: Promise<{ id: string }> }) {
  const [user, t] = await Promise.all([requireConsoleUser(sectionRoles("transactions")), consoleMessages()]);
  // Another tenant's transaction is as unknown as a missing one: 404, never 403.
  const tx = await getTransaction(user, await routeId(params));
  if (!tx) notFound();
  const canAct = user.role !== "PROVIDER";
  // A card payment's refunds, read as they stand: what was given back and what is left.
  const cardRefunds = tx.method === "CREDIT_CARD" ? await listCardRefunds(tx.id) : [];
  const refunds = summarizeRefunds(tx.amount, cardRefunds);
  const money = (d: { toFixed: (n: number) => string } | null) => (d ? formatMoney(d, t.lang) : null);
  const time = (d: Date | null) => consoleTime(d, t.lang);
  const hasPaymentDetails =
    tx.iban ||
    tx.bankAccount ||
    tx.eibanWallet ||
    tx.transfer ||
    tx.matchedBankLine ||
    tx.gateway ||
    tx.accountDetails ||
    tx.gatewayDetails;
  const c = t.common;
  const d = t.transactions.detail;
  const shownCard = tx.cardAttempts.find((a) => a.status === "approved" && a.cardLast4) ?? null;

  return (
    <div className="flex flex-col gap-6">
      <Link href="/console/transactions" className="text-sm text-slate-600 hover:text-slate-900">
        {d.back}
      </Link>
      {/* As a payment page of Stripe's: what it is (the amount, the status), whose, and what can be done, first. */}
      <header
        className={
          "flex flex-wrap items-start justify-between gap-4 rounded-lg bg-white p-4 ring-1 " + "ring-slate-200"
        }
      >
        <div className="flex min-w-0 flex-col gap-1">
          <p className="flex flex-wrap items-center gap-3">
            <span className="text-3xl font-semibold tabular-nums" data-testid="header-amount">
              {money(tx.finalAmount ?? tx.amount)}
            </span>
            <TransactionStatusBadge
              status={tx.status}
              direction={tx.direction}
              canceledBy={tx.canceledBy}
              errorCode={tx.errorCode}
              errorMessage={tx.errorMessage}
            />
          </p>
          <h1 className="flex flex-wrap items-center gap-2 text-base font-semibold">
            <CopyCode value={tx.trackingCode} />
          </h1>
          <p className="text-sm text-slate-600">
            {[
              t.labels.method[paymentMethodOf(tx.method)],
              // The card the acquirer showed: its brand and last four digits, never more.
              shownCard && `${shownCard.cardBrand ?? ""} •••• ${shownCard.cardLast4}`.trim(),
              t.labels.direction[tx.direction],
              tx.fullname || tx.username,
              time(tx.createdAt),
            ]
              .filter(Boolean)
              .join(" · ")}
          </p>
        </div>
        {canAct && tx.method === "CREDIT_CARD" && tx.status === "success" && tx.cardRefunds.length === 0 && (
          <section aria-label={d.refund} className="flex flex-col items-end gap-1">
            <RefundConfirm payment={tx} refunds={refunds} t={t} quiet />
          </section>
        )}
      </header>
      <DetailCard title={d.transaction}>
        <DetailField label={c.method}>{t.labels.method[paymentMethodOf(tx.method)]}</DetailField>
        <DetailField label={c.type}>{t.labels.direction[tx.direction]}</DetailField>
        <DetailField label={d.createdThrough}>{t.labels.origin[tx.origin]}</DetailField>
        <DetailField label={c.site}>{tx.site?.name ?? d.noSite}</DetailField>
        <DetailField label={c.provider}>{tx.provider?.name}</DetailField>
        <DetailField label={c.dealer}>{tx.dealer.name}</DetailField>
        {tx.siteIntegration && (
          <DetailField label={t.siteIntegrations.transactionField}>
            {t.siteIntegrations.transactionValue(tx.siteIntegration.name, String(tx.siteIntegration.id))}
          </DetailField>
        )}
        <DetailField label={c.created}>{time(tx.createdAt)}</DetailField>
        <DetailField label={d.lastChange}>{time(tx.updatedAt)}</DetailField>
        <DetailField label={d.completed}>{time(tx.completedAt)}</DetailField>
        <DetailField label={d.expires}>{time(tx.expiresAt)}</DetailField>
        {tx.orderId && <DetailField label={d.orderId}>{tx.orderId}</DetailField>}
        {tx.description && <DetailField label={c.description}>{tx.description}</DetailField>}
        {(tx.errorCode || tx.errorMessage) && (
          <DetailField label={d.error}>
            {[
              tx.errorCode && errorCodeLabel(tx.errorCode, t.labels),
              (t.lang === "en" || !tx.errorCode || !t.labels.errorCode[tx.errorCode]) && tx.errorMessage,
            ]
              .filter(Boolean)
              .join(": ")}
          </DetailField>
        )}
        {tx.outcomeReason && <DetailField label={d.outcomeReason}>{tx.outcomeReason}</DetailField>}
        {tx.threeDSecure && (
          <DetailField label={d.threeDSecure}>{d.threeDSecureLevel[tx.threeDSecure] ?? tx.threeDSecure}</DetailField>
        )}
      </DetailCard>
      <DetailCard title={d.money}>
        <DetailField label={d.amountRequested}>{money(tx.amount)}</DetailField>
        <DetailField
          label={
            tx.direction === "DEPOSIT"
              ? d.amountReceived
              : tx.direction === "WITHDRAWAL"
                ? d.amountPaidOut
                : d.amountCharged
          }
        >
          {settledAmount(tx, money, d)}
        </DetailField>
        <DetailField label={d.currency}>{tx.currency}</DetailField>
        {cardRefunds.length > 0 && (
          <>
            <DetailField label={t.cardPayments.refundedTotal}>{formatMoney(refunds.refunded, t.lang)}</DetailField>
            <DetailField label={t.cardPayments.refundLeft}>{formatMoney(refunds.left, t.lang)}</DetailField>
            <DetailField label={t.cardPayments.refundsHeading}>
              <ul className="flex flex-col gap-0.5" data-testid="card-refunds">
                {cardRefunds.map((r) => (
                  <li key={r.id} className="break-words">
                    {t.cardPayments.refundRow(
                      formatMoney(r.amount, t.lang),
                      t.cardPayments.refundStatus[r.status] ?? r.status,
                      time(r.createdAt) ?? "",
                    )}
                    {r.reason ? ` · ${r.reason}` : ""}
                    {canAct ? ` · ${r.actorLabel}` : ""}
                  </li>
                ))}
              </ul>
            </DetailField>
          </>
        )}
      </DetailCard>
      <DetailCard title={c.customer}>
        <DetailField label={d.fullName}>{tx.fullname || null}</DetailField>
        <DetailField label={d.username}>{tx.username}</DetailField>
        <DetailField label={d.userId}>{tx.userId}</DetailField>
        <DetailField label={c.email}>{tx.email}</DetailField>
        <DetailField label={d.phone}>{tx.phone}</DetailField>
      </DetailCard>
      {hasPaymentDetails && (
        <DetailCard title={d.paymentDetails}>
          {tx.iban && (
            <DetailField
              label={d.customerIban}
            >{`${formatIban(tx.iban)}${tx.recipientName ? ` · ${tx.recipientName}` : ""}`}</DetailField>
          )}
          {/* The account as the deposit offered it (stored then); older deposits only have the account's current
             details. */}
          {tx.offeredIban ? (
            <DetailField label={d.bankAccountOffered}>
              {[tx.offeredBankName, tx.offeredAccountName, formatIban(tx.offeredIban)].filter(Boolean).join(" · ")}
            </DetailField>
          ) : (
            tx.bankAccount && (
              <DetailField label={d.bankAccountOffered}>
                {`${tx.bankAccount.bankName} · ${tx.bankAccount.accountName} · ` + `${formatIban(tx.bankAccount.iban)}`}
              </DetailField>
            )
          )}
          {tx.eibanWallet && (
            <DetailField label={d.eibanWallet}>
              {`${tx.eibanWallet.walletId} · ${tx.eibanWallet.bankName} · ` + `${formatIban(tx.eibanWallet.iban)}`}
            </DetailField>
          )}
          {tx.transfer && (
            <DetailField label={d.bankTransfer}>
              {[tx.transfer.transferId, tx.transfer.status, tx.transfer.bankReference, tx.transfer.failureReason]
                .filter(Boolean)
                .join(" · ")}
            </DetailField>
          )}
          {tx.matchedBankLine && (
            <DetailField label={d.matchedPayment}>
              {`${d.matchedLine(formatMoney(tx.matchedBankLine.amount, t.lang), tx.matchedBankLine.senderName)} · ` +
                `${time(tx.matchedBankLine.occurredAt)} · ${tx.matchedBankLine.externalId}`}
            </DetailField>
          )}
          {tx.gateway && (
            <DetailField label={d.gateway}>
              {`${tx.gateway.name} ` +
                `(${tx.gateway.code})${tx.gatewayReference ? ` · ${d.gatewayRef(tx.gatewayReference)}` : ""}`}
            </DetailField>
          )}
          {tx.accountDetails != null && (
            <DetailField label={d.customerAccount}>
              <JsonFields value={tx.accountDetails} />
            </DetailField>
          )}
          {tx.gatewayDetails != null && (
            <DetailField label={d.gatewayDetails}>
              <JsonFields value={tx.gatewayDetails} />
            </DetailField>
          )}
        </DetailCard>
      )}
      {canAct && tx.cardRefunds.length > 0 && <UnknownRefunds refunds={tx.cardRefunds} t={t} />}
      {tx.alerts.length > 0 && (
        <section
          aria-labelledby="tx-alerts"
          className="flex flex-col gap-2 rounded-lg bg-amber-50 p-4 ring-1 ring-amber-300"
        >
          <h2 id="tx-alerts" className="font-medium text-amber-900">
            {t.alerts.heading}
          </h2>
          <ul className="flex flex-col gap-2 text-sm">
            {tx.alerts.map((a) => (
              <li key={a.id} className="break-words">
                <strong>{t.alerts.kind[a.kind as keyof typeof t.alerts.kind] ?? a.kind}</strong> ·{" "}
                {sourceWords(a.source, t)} · {consoleTime(a.createdAt, t.lang)}: {alertMessage(a, tx.trackingCode, t)}
                {discrepancyIdOf(a) !== null && (
                  <Link
                    href={`/console/reconciliation/${discrepancyIdOf(a)}`}
                    className="block font-medium text-indigo-700 underline"
                  >
                    {t.reconciliation.alert.open(String(discrepancyIdOf(a)))}
                  </Link>
                )}
                {a.resolvedAt && (
                  <span className="block text-slate-600">
                    {t.alerts.resolvedBy(a.resolvedBy ?? "", consoleTime(a.resolvedAt, t.lang))}:{" "}
                    {alertResolution(a, t)}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      <CardAttempts attempts={tx.cardAttempts} t={t} />
      <TransactionHistory
        events={tx.events}
        direction={tx.direction}
        parties={tx}
        staff={tx.staff}
        more={{ attempts: tx.cardAttempts, callbacks: tx.deliveries, refunds: cardRefunds }}
        showStaff={canAct}
        t={t}
      />
      <TransactionCallbacks deliveries={tx.deliveries} canResend={canAct} t={t} />
    </div>
  );
}
