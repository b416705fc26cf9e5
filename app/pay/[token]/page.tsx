import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { PaymentScreen } from "@/components/pay/payment-screen";
import { pickLang } from "@/lib/i18n/pay-messages";
import { effectiveStatus, loadPayment } from "@/lib/pay/load-payment";

export const metadata: Metadata = { title: "Payment", robots: { index: false } };

export default async function PayPage({ params, searchParams }: { params: Promise<{ token: string }>; searchParams: Promise<{ lang?: string }> }) {
  const [{ token }, { lang }, requestHeaders] = await Promise.all([params, searchParams, headers()]);
  const view = await loadPayment(token);
  if (!view) notFound();
  const language = pickLang(lang, requestHeaders.get("accept-language"));
  return (
    <div lang={language}>
      <PaymentScreen view={{ ...view, status: effectiveStatus(view) }} lang={language} />
    </div>
  );
}
