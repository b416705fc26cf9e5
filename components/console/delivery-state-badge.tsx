const STYLES = {
  PENDING: "bg-amber-50 text-amber-800 ring-amber-200",
  DELIVERED: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  EXHAUSTED: "bg-red-50 text-red-800 ring-red-200",
} as const;

const LABELS = { PENDING: "Pending", DELIVERED: "Delivered", EXHAUSTED: "Failed (exhausted)" } as const;

export function DeliveryStateBadge({ state }: { state: keyof typeof STYLES }) {
  return <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${STYLES[state]}`}>{LABELS[state]}</span>;
}
