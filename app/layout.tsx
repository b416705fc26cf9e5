import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import { CONSOLE_LANG_HEADER } from "@/lib/edge/i18n/console/lang";

export const metadata: Metadata = {
  title: { default: "Payment Integration Service", template: "%s · Payment Integration Service" },
  description: "Deposits, withdrawals and card payments for payment providers and dealers.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

// Each area imports its stylesheet in its own layout (console, docs, sandbox, home): payment pages carry only
// theirs (app/pay/pay.css), which keeps their first paint small.
export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Console and payment pages follow their reader's language, which the proxy names (proxy.ts); other pages stay
  // English.
  const lang = (await headers()).get(CONSOLE_LANG_HEADER) === "tr" ? "tr" : "en";
  return (
    <html lang={lang}>
      <body className="min-h-screen font-sans">{children}</body>
    </html>
  );
}
