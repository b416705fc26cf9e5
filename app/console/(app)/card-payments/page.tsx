import type { Metadata } from "next";
import { RefundConfirm } from "@/components/console/refund-confirm";
import { DataTable } from "@/components/console/data-table";
import { TransactionStatusBadge } from "@/components/console/transaction-status-badge";
import { requireConsoleUser } from "@/lib/edge/auth/console-user";
import { consoleTime } from "@/lib/edge/console/format";
import { transactionScope } from "@/lib/domain/access/tenant-scope";
import { prisma } from "@/lib/base/db/prisma";
import { consoleMessages } from "@/lib/edge/i18n/console/server";
import { formatMoney } from "@/lib/base/money/format-money";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await consoleMessages()).cardPayments.heading };
}

export default async function CardPaymentsPage() {
  const [user, t] = await Promise.all([requireConsoleUser(), consoleMessages()]);
  const c = t.common;
  const payments = await prisma.transaction.findMany({
    where: { ...transactionScope(user), method: "CREDIT_CARD" },
    orderBy: { createdAt: "desc" },
    take: 100,
    include: { site: { select: { name: true } } },
  });
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">{t.cardPayments.heading}</h1>
      <DataTable columns={[c.created, c.trackingCode, t.cardPayments.order, c.customer, c.site, c.amount, c.status, ""]} empty={payments.length === 0 ? t.cardPayments.none : null}>
        {payments.map((p) => (
          <tr key={p.id} className="border-t border-slate-100 align-top">
            <td className="px-3 py-2 whitespace-nowrap">{consoleTime(p.createdAt, t.lang)}</td>
            <td className="px-3 py-2 font-mono text-xs">{p.trackingCode}</td>
            <td className="px-3 py-2 font-mono text-xs">{p.orderId}</td>
            <td className="px-3 py-2">
              {p.fullname}
              <br />
              <span className="text-slate-500">{p.email}</span>
            </td>
            <td className="px-3 py-2">{p.site?.name ?? t.cardPayments.dealerApi}</td>
            <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{formatMoney(p.amount, t.lang)}</td>
            <td className="px-3 py-2">
              <TransactionStatusBadge status={p.status} errorCode={p.errorCode} />
            </td>
            <td className="px-3 py-2">
              {p.status === "success" && user.role !== "PROVIDER" && (
                <RefundConfirm payment={p} t={t} />
              )}
            </td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}
