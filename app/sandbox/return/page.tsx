import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { settings } from "@/lib/base/config/settings";

export const metadata: Metadata = { title: "Sandbox merchant site" };

/**
 * The demo site's own page, where its payment pages send the customer back (the demo seed's return URL):
 * it shows what a site reads from the address (docs/integration.md), and that it must confirm it by the
 * callback or the status endpoint.
 */
export default async function SandboxReturnPage({
  searchParams,
}: {
  searchParams: Promise<{ status?: string; tracking_code?: string }>;
}) {
  await connection();
  if (!settings.sandboxEnabled) notFound();
  const { status, tracking_code: trackingCode } = await searchParams;
  return (
    <main className="mx-auto flex max-w-xl flex-col gap-4 p-6">
      <p className="text-xs font-medium tracking-wide text-amber-700 uppercase">
        Sandbox: the merchant&apos;s own site
      </p>
      <h1 className="text-2xl font-semibold">Back at Demo Casino</h1>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg bg-white p-4 text-sm ring-1 ring-slate-200">
        <dt className="text-slate-600">status</dt>
        <dd className="font-mono" data-testid="return-status">
          {status ?? "—"}
        </dd>
        <dt className="text-slate-600">tracking_code</dt>
        <dd className="font-mono" data-testid="return-tracking-code">
          {trackingCode ?? "—"}
        </dd>
      </dl>
      <p className="text-sm text-slate-700">
        A real site reads these from its return URL to show the customer where they stand, and confirms the outcome by
        the callback or the status endpoint: anyone can type this address.
      </p>
    </main>
  );
}
