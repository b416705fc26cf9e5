import "./globals.css";
import Link from "next/link";

export default function HomePage() {
  return (
    <main className="mx-auto flex min-h-screen max-w-2xl flex-col justify-center gap-6 p-6">
      <h1 className="text-3xl font-semibold tracking-tight">Payment Integration Service</h1>
      <p className="text-slate-600">
        Providers integrate the API under <code className="rounded bg-slate-200 px-1">/api/provider</code> to take
        deposits and pay out withdrawals; dealers use <code className="rounded bg-slate-200 px-1">/api/dealer</code>.
        Operators work in the console.
      </p>
      <div className="flex gap-3">
        <Link href="/console" className="rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
          Open the console
        </Link>
        <Link
          href="/docs"
          className="rounded-md px-4 py-2 font-medium text-brand-700 ring-1 ring-brand-600 hover:bg-brand-50"
        >
          API documentation
        </Link>
      </div>
    </main>
  );
}
