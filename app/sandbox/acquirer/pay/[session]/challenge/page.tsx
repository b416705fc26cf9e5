import type { Metadata } from "next";
import { loadSandboxSession } from "@/lib/integrations/sandbox/acquirer/load-sandbox-session";
import { ChallengeForm } from "@/components/sandbox/acquirer-forms";

export const metadata: Metadata = { title: "Sandbox acquirer · 3-D Secure" };

export default async function SandboxChallengePage({ params }: { params: Promise<{ session: string }> }) {
  const session = await loadSandboxSession(params);
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col gap-4 bg-white p-4">
      <p className="text-xs font-medium tracking-wide text-amber-700 uppercase">Sandbox issuer: 3-D Secure</p>
      <h1 className="text-2xl font-semibold">Confirm your payment</h1>
      <p className="text-sm text-slate-600">
        {session.merchant} · {session.amount.toFixed(2)} {session.currency} · {session.cardBrand} •••• {session.cardLast4}
      </p>
      {session.status === "challenge" ? <ChallengeForm session={session.id} /> : <p role="status">This checkout is {session.status}.</p>}
      <p className="text-xs text-slate-500">Sandbox code: 123456</p>
    </main>
  );
}
