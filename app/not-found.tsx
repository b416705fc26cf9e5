import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { pickLang } from "@/lib/edge/i18n/lang";
import "./globals.css";

export const metadata: Metadata = { title: "Not found" };

const WORDS = {
  en: { title: "Page not found", body: "There is nothing at this address.", home: "Go to the home page" },
  tr: { title: "Sayfa bulunamadı", body: "Bu adreste bir şey yok.", home: "Ana sayfaya git" },
};

/** Any other unknown address, in the visitor's language (console and payment pages have their own). */
export default async function NotFound() {
  const lang = pickLang(undefined, (await headers()).get("accept-language"));
  const t = WORDS[lang];
  return (
    <main lang={lang} className="mx-auto flex min-h-screen max-w-md flex-col justify-center gap-4 p-6">
      <h1 className="text-2xl font-semibold">{t.title}</h1>
      <p className="text-slate-700">{t.body}</p>
      <Link href="/" className="font-medium text-brand-700 underline">
        {t.home}
      </Link>
    </main>
  );
}
