import type { Metadata } from "next";
import { headers } from "next/headers";
import { PAY_MESSAGES } from "@/lib/edge/i18n/pay/messages";
import { pickLang } from "@/lib/edge/i18n/lang";

export const metadata: Metadata = { title: "Not found", robots: { index: false } };

/** A mistyped or stale payment link: said plainly in the visitor's language, with what to do instead. */
export default async function PaymentNotFound() {
  const lang = pickLang(undefined, (await headers()).get("accept-language"));
  const t = PAY_MESSAGES[lang].notFound;
  return (
    <div lang={lang}>
      <main className="mx-auto flex min-h-screen w-full max-w-md flex-col gap-4 px-4 py-10">
        <h1 className="text-2xl font-semibold">{t.title}</h1>
        <section role="status" className="rounded-xl bg-slate-100 p-5 text-slate-900 ring-1 ring-slate-200">
          <p className="text-sm">{t.body}</p>
          <p className="mt-3 text-sm">{t.next}</p>
        </section>
      </main>
    </div>
  );
}
