import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { ActionForm } from "@/components/console/action-form";
import { settings } from "@/lib/base/config/settings";
import { consoleTime } from "@/lib/edge/console/format";
import { listSandboxGatewayOrders } from "@/lib/integrations/sandbox/gateways/list-sandbox-orders";
import { decideOrderAction } from "./actions";

export const metadata: Metadata = { title: "Sandbox gateways" };

const CHOICES = {
  deposit: [
    ["confirmed", "Confirm payment"],
    ["declined", "Decline"],
  ],
  withdrawal: [
    ["completed", "Pay out"],
    ["failed", "Fail"],
    ["rejected", "Reject"],
  ],
} as const;

export default async function SandboxGatewaysPage() {
  await connection();
  if (!settings.sandboxEnabled) notFound();
  const orders = await listSandboxGatewayOrders();
  return (
    <main className="mx-auto flex max-w-5xl flex-col gap-6 p-4">
      <header>
        <p className="text-xs font-medium tracking-wide text-amber-700 uppercase">Sandbox: not real gateways</p>
        <h1 className="text-2xl font-semibold">Sandbox third-party gateways</h1>
        <p className="text-sm text-slate-600">
          Deposits wait here until you confirm or decline them; payouts until you pay them out, fail or reject them.
          Each decision is sent to the service as a signed notification.
        </p>
      </header>
      {orders.length === 0 && <p className="text-sm text-slate-600">No orders yet.</p>}
      <ul className="flex flex-col gap-3">
        {orders.map((o) => (
          <li
            key={o.reference}
            aria-label={o.clientRef}
            className={
              "flex flex-wrap items-center justify-between gap-3 rounded-lg bg-white p-4 text-sm ring-1 " +
              "ring-slate-200"
            }
          >
            <span>
              <strong>{o.kind}</strong> · <span className="font-mono text-xs">{o.clientRef}</span> ·{" "}
              {[o.gatewayCode, `${o.amount.toFixed(2)} TRY`, consoleTime(o.createdAt)].join(" · ")} ·{" "}
              <strong>{o.status}</strong>
            </span>
            {o.status === "pending" && (
              <span className="flex flex-wrap gap-2">
                {CHOICES[o.kind as "deposit" | "withdrawal"].map(([decision, label]) => (
                  <ActionForm key={decision} action={decideOrderAction} submitLabel={label} refreshAfterMs={2000}>
                    <input type="hidden" name="reference" value={o.reference} />
                    <input type="hidden" name="decision" value={decision} />
                  </ActionForm>
                ))}
              </span>
            )}
          </li>
        ))}
      </ul>
    </main>
  );
}
