import type { DeliveryState } from "@/lib/generated/prisma/enums";
import { consoleMessages } from "@/lib/edge/i18n/console/server";

const STYLES: Record<DeliveryState, string> = {
  PENDING: "bg-amber-50 text-amber-800 ring-amber-200",
  DELIVERED: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  EXHAUSTED: "bg-red-50 text-red-800 ring-red-200",
  NO_URL: "bg-slate-100 text-slate-700 ring-slate-300",
};

export async function DeliveryStateBadge({ state }: { state: DeliveryState }) {
  const t = await consoleMessages();
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${STYLES[state]}`}>
      {t.labels.deliveryState[state]}
    </span>
  );
}
