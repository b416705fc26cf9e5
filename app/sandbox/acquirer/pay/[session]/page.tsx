import type { Metadata } from "next";
import { loadSandboxSession } from "@/lib/integrations/sandbox/acquirer/load-sandbox-session";
import { CardForm } from "@/components/sandbox/acquirer-forms";
import { TEST_CARDS } from "@/lib/integrations/sandbox/acquirer/test-cards";

export const metadata: Metadata = { title: "Sandbox acquirer · card payment" };

export default async function SandboxCardPage({ params }: { params: Promise<{ session: string }> }) {
  const session = await loadSandboxSession(params);
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col gap-4 bg-white p-4">
      <p className="text-xs font-medium tracking-wide text-amber-700 uppercase">Sandbox acquirer: test cards only</p>
      <header>
        <p className="text-sm text-slate-500">{session.merchant}</p>
        <h1 className="text-2xl font-semibold">
          Pay {session.amount.toFixed(2)} {session.currency}
        </h1>
        {session.description && <p className="text-sm text-slate-600">{session.description}</p>}
      </header>
      {session.status === "open" ? (
        <CardForm session={session.id} />
      ) : (
        <p role="status" className="rounded-lg bg-slate-100 p-4">
          This checkout is {session.status}.
        </p>
      )}
      <details className="text-sm text-slate-600">
        <summary className="cursor-pointer">Test cards (any future expiry, any CVC; 3-D Secure code 123456)</summary>
        <ul className="mt-2 flex flex-col gap-1 font-mono text-xs">
          {Object.entries(TEST_CARDS).map(([number, card]) => (
            <li key={number}>
              {number.replace(/(.{4})/g, "$1 ")} · {card.label}
            </li>
          ))}
        </ul>
      </details>
    </main>
  );
}
