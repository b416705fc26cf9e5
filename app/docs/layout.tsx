import "../globals.css";
import Link from "next/link";

const LINKS = [
  { href: "/docs", label: "Guide" },
  { href: "/docs/reference", label: "API reference" },
  { href: "/docs/lifecycle", label: "Lifecycles" },
  { href: "/api/openapi.json", label: "openapi.json" },
  { href: "/docs/sdk/payment-sdk.ts", label: "SDK (payment-sdk.ts)" },
];

export default function DocsLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="min-h-screen bg-white">
      <header className="border-b border-slate-200 bg-slate-50">
        <nav
          aria-label="Documentation"
          className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3"
        >
          <Link href="/" className="font-semibold text-slate-900">
            Payment Integration Service
          </Link>
          {LINKS.map((link) => (
            <a key={link.href} href={link.href} className="text-sm text-brand-700 underline-offset-2 hover:underline">
              {link.label}
            </a>
          ))}
        </nav>
      </header>
      {children}
    </div>
  );
}
