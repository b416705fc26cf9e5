import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { refundAction } from "@/app/console/(app)/card-payments/actions";
import { ActionForm } from "@/components/console/action-form";
import { DetailCard, DetailField } from "@/components/console/detail-field";
import { TransactionCallbacks } from "@/components/console/transaction-callbacks";
import { TransactionHistory } from "@/components/console/transaction-history";
import { TransactionStatusBadge } from "@/components/console/transaction-status-badge";
import { TextField } from "@/components/ui/text-field";
import { requireConsoleUser } from "@/lib/auth/console-user";
import { consoleTime } from "@/lib/console/format";
import { DIRECTION_LABELS, METHOD_LABELS, ORIGIN_LABELS } from "@/lib/console/transaction-labels";
import { formatIban } from "@/lib/iban/iban";
import { getTransaction } from "@/lib/transactions/get-transaction";

export const metadata: Metadata = { title: "Transaction" };

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

export default async function TransactionPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requireConsoleUser();
  const raw = (await params).id;
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  // Another tenant's transaction is as unknown as a missing one: 404, never 403.
  const t = Number.isSafeInteger(id) && id <= 2_147_483_647 ? await getTransaction(user, id) : null;
  if (!t) notFound();
  const canAct = user.role !== "PROVIDER";
  const money = (d: { toFixed: (n: number) => string } | null) => (d ? `${d.toFixed(2)} ${t.currency}` : null);
  const hasPaymentDetails = t.iban || t.bankAccount || t.eibanWallet || t.transfer || t.matchedBankLine || t.gateway || t.accountDetails || t.gatewayDetails;

  return (
    <div className="flex flex-col gap-6">
      <Link href="/console/transactions" className="text-sm text-slate-600 hover:text-slate-900">
        ← All transactions
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="font-mono text-xl font-semibold break-all sm:text-2xl">{t.trackingCode}</h1>
        <TransactionStatusBadge status={t.status} />
      </div>
      <DetailCard title="Transaction">
        <DetailField label="Method">{METHOD_LABELS[t.method]}</DetailField>
        <DetailField label="Type">{DIRECTION_LABELS[t.direction]}</DetailField>
        <DetailField label="Created through">{ORIGIN_LABELS[t.origin]}</DetailField>
        <DetailField label="Site">{t.site?.name ?? "none (dealer API)"}</DetailField>
        <DetailField label="Provider">{t.provider?.name}</DetailField>
        <DetailField label="Dealer">{t.dealer.name}</DetailField>
        <DetailField label="Created">{consoleTime(t.createdAt)}</DetailField>
        <DetailField label="Last change">{consoleTime(t.updatedAt)}</DetailField>
        <DetailField label="Completed">{consoleTime(t.completedAt)}</DetailField>
        <DetailField label="Expires">{consoleTime(t.expiresAt)}</DetailField>
        {t.orderId && <DetailField label="Order ID">{t.orderId}</DetailField>}
        {t.description && <DetailField label="Description">{t.description}</DetailField>}
        {(t.errorCode || t.errorMessage) && <DetailField label="Error">{[t.errorCode, t.errorMessage].filter(Boolean).join(": ")}</DetailField>}
      </DetailCard>
      <DetailCard title="Money">
        <DetailField label="Amount requested">{money(t.amount)}</DetailField>
        <DetailField label="Amount received">{money(t.finalAmount) ?? "not settled"}</DetailField>
        <DetailField label="Currency">{t.currency}</DetailField>
      </DetailCard>
      <DetailCard title="Customer">
        <DetailField label="Full name">{t.fullname || null}</DetailField>
        <DetailField label="Username">{t.username}</DetailField>
        <DetailField label="User ID">{t.userId}</DetailField>
        <DetailField label="Email">{t.email}</DetailField>
        <DetailField label="Phone">{t.phone}</DetailField>
      </DetailCard>
      {hasPaymentDetails && (
        <DetailCard title="Payment details">
          {t.iban && <DetailField label="Customer IBAN">{`${formatIban(t.iban)}${t.recipientName ? ` · ${t.recipientName}` : ""}`}</DetailField>}
          {t.bankAccount && <DetailField label="Bank account offered">{`${t.bankAccount.bankName} · ${t.bankAccount.accountName} · ${formatIban(t.bankAccount.iban)}`}</DetailField>}
          {t.eibanWallet && <DetailField label="E-IBAN wallet">{`${t.eibanWallet.walletId} · ${t.eibanWallet.bankName} · ${formatIban(t.eibanWallet.iban)}`}</DetailField>}
          {t.transfer && <DetailField label="Bank transfer">{[t.transfer.transferId, t.transfer.status, t.transfer.bankReference, t.transfer.failureReason].filter(Boolean).join(" · ")}</DetailField>}
          {t.matchedBankLine && (
            <DetailField label="Matched incoming payment">{`${t.matchedBankLine.amount.toFixed(2)} from ${t.matchedBankLine.senderName} · ${consoleTime(t.matchedBankLine.occurredAt)} · ${t.matchedBankLine.externalId}`}</DetailField>
          )}
          {t.gateway && <DetailField label="Gateway">{`${t.gateway.name} (${t.gateway.code})${t.gatewayReference ? ` · ref ${t.gatewayReference}` : ""}`}</DetailField>}
          {t.accountDetails != null && (
            <DetailField label="Customer account">
              <JsonFields value={t.accountDetails} />
            </DetailField>
          )}
          {t.gatewayDetails != null && (
            <DetailField label="Details issued by the gateway">
              <JsonFields value={t.gatewayDetails} />
            </DetailField>
          )}
        </DetailCard>
      )}
      {canAct && t.method === "CREDIT_CARD" && t.status === "success" && (
        <section aria-label="Refund" className="rounded-lg bg-white p-4 ring-1 ring-slate-200">
          <h2 className="mb-3 font-medium">Refund</h2>
          <ActionForm action={refundAction} submitLabel="Refund" pendingLabel="Refunding…" refreshAfterMs={2000}>
            <input type="hidden" name="id" value={t.id} />
            <TextField label="Reason" name="reason" className="w-64" />
          </ActionForm>
        </section>
      )}
      <TransactionHistory events={t.events} staff={t.staff} />
      <TransactionCallbacks deliveries={t.deliveries} canResend={canAct} />
    </div>
  );
}
