import type { Metadata } from "next";
import { connection } from "next/server";
import { ApiReference } from "@/components/docs/api-reference";
import { settings } from "@/lib/base/config/settings";

export const metadata: Metadata = { title: "API reference" };

export default async function ReferencePage() {
  await connection();
  return (
    <main className="mx-auto max-w-6xl px-2 py-4">
      <h1 className="sr-only">API reference</h1>
      <ApiReference url="/api/openapi.json" tryItOut={settings.sandboxEnabled} sdkHref="/docs/sdk/payment-sdk.ts" />
    </main>
  );
}
